import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Database, Download } from 'lucide-react';
import { Alert } from '#web/ui/alert';
import { errorText } from '#web/lib/api-error';
import { adminDownload, saveFile } from '#web/lib/admin-session';
import { useClanUrl } from '#web/lib/clan-scope';
import type { ScriptInfo, ViewableTable } from '#contracts/admin-scripts';
import { RECORDS_LIMIT, useRecords } from '../api/scripts-queries';
import { Panel } from '#web/ui/panel';
import { ScrollBox } from '#web/ui/scroll-box';

/** docs/product.md §9: 1000 fetched, 100 shown, cell text cut at 50 characters (full value on hover). */
const ROWS_SHOWN = 100;
const CELL_CHARS = 50;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Records({ table }: { table: ViewableTable }) {
  const records = useRecords(table);
  if (records.isPending) return <p className="text-sm text-slate-400">Loading records…</p>;
  // docs/product.md §8: a failed load is only logged, with no message to the user
  if (records.isError) return null;
  const { columns, records: rows } = records.data;
  const shown = rows.slice(0, ROWS_SHOWN);
  return (
    <>
      <p className="mb-2 text-xs text-slate-400" role="status">
        Showing {shown.length} of {rows.length} records
        {rows.length >= records.data.limit ? ` (first ${records.data.limit} fetched)` : ''}.
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-400">This table is empty.</p>
      ) : (
        <ScrollBox label={`${table} records`} className="max-h-[28rem] overflow-auto rounded-xl border border-ink-700">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{table} records</caption>
            <thead className="sticky top-0 bg-ink-800 text-slate-300">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 font-mono font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row, i) => (
                <tr key={i} className="border-t border-white/5 odd:bg-ink-950/40">
                  {columns.map((c) => {
                    const full = cellText(row[c]);
                    const cut = full.length > CELL_CHARS ? `${full.slice(0, CELL_CHARS)}…` : full;
                    return (
                      <td
                        key={c}
                        title={full.length > CELL_CHARS ? full : undefined}
                        className="whitespace-nowrap px-3 py-1.5 font-mono text-slate-200"
                      >
                        {cut}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </>
  );
}

/** The database records of the script's tables (docs/product.md §2). */
export function RecordsTable({ script }: { script: ScriptInfo }) {
  const [table, setTable] = useState<ViewableTable | null>(null);
  // docs/war-insights.md: the table as CSV, with the same columns and limit as the viewer
  const clanUrl = useClanUrl();
  const download = useMutation({
    mutationFn: async (t: ViewableTable) =>
      saveFile(await adminDownload(clanUrl(`/api/admin/database/${t}/csv?limit=${RECORDS_LIMIT}`))),
  });
  return (
    <Panel
      title="Database records"
      icon={Database}
      labelId={`records-${script.id}`}
      action={
        table ? (
          <button
            type="button"
            onClick={() => download.mutate(table)}
            disabled={download.isPending}
            className={
              'inline-flex items-center gap-1.5 rounded-lg border border-ink-700 px-3 py-1.5 text-xs font-semibold ' +
              'text-slate-200 hover:border-gold-400 hover:text-gold-300 focus-ring disabled:opacity-60'
            }
          >
            <Download className="h-3.5 w-3.5" aria-hidden />
            Download {table} CSV
          </button>
        ) : null
      }
    >
      {download.isError ? (
        <Alert tone="error" className="mb-3" title={errorText(download.error, 'The download failed')} />
      ) : null}
      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Tables">
        {script.tables.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={table === t}
            onClick={() => setTable(t)}
            className={`rounded-lg border px-3 py-1.5 font-mono text-xs font-semibold transition-colors focus-ring ${
              table === t
                ? 'border-gold-400 bg-gold-400 text-ink-950'
                : 'border-ink-700 text-slate-200 hover:border-gold-400'
            }`}
          >
            {t}
          </button>
        ))}
      </div>
      {table ? (
        <Records table={table} />
      ) : (
        <p className="text-sm text-slate-400">Choose a table to view its records.</p>
      )}
    </Panel>
  );
}
