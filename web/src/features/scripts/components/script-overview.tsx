import { Info } from 'lucide-react';
import type { ScriptInfo } from '#contracts/admin-scripts';
import { formatUtc } from '../api/messages';
import { useSchedule } from '../api/scripts-queries';
import { Panel } from '#web/ui/panel';

/** Purpose, benefits and schedule info, with the next runs in New York and UTC (docs/product.md §2). */
export function ScriptOverview({ script }: { script: ScriptInfo }) {
  const schedule = useSchedule(script);
  return (
    <Panel title={script.name} icon={Info} labelId={`overview-${script.id}`}>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-gold-400">Purpose</dt>
          <dd className="mt-1 text-slate-200">{script.purpose}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-gold-400">Benefits</dt>
          <dd className="mt-1 text-slate-200">{script.benefits}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-gold-400">Schedule</dt>
          <dd className="mt-1 text-slate-200">
            {schedule.data ? (
              <>
                <span className="font-semibold text-white">{schedule.data.description}</span> ({schedule.data.timezone},{' '}
                <code className="whitespace-nowrap rounded bg-ink-950 px-1.5 py-0.5 font-mono text-xs text-gold-300">
                  {schedule.data.schedule}
                </code>
                )
              </>
            ) : (
              '…'
            )}
            <span className="mt-1 block text-slate-400">{script.scheduleInfo}</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-gold-400">Tables</dt>
          <dd className="mt-1 font-mono text-xs text-slate-300">{script.tables.join(', ')}</dd>
        </div>
      </dl>
      {schedule.data ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-xs font-semibold uppercase tracking-wider text-gold-400">
              Next runs
            </caption>
            <thead className="text-xs text-slate-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  New York
                </th>
                <th scope="col" className="py-1 font-medium">
                  UTC
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.data.nextRuns.map((r) => (
                <tr key={r.utc} className="border-t border-white/5">
                  <td className="py-1.5 pr-3 text-slate-100">{r.local}</td>
                  <td className="py-1.5 font-mono text-xs text-slate-300">{formatUtc(r.utc)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Panel>
  );
}
