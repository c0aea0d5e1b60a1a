import { useState } from 'react';
import { Download, History } from 'lucide-react';
import { LOG_KIND_VALUES, type LogEntry } from '#contracts/admin-leaders';
import { errorText } from '#web/lib/api-error';
import { useClanScope } from '#web/lib/clan-scope';
import { Banner, GhostButton, Panel, inputClass } from '#web/ui/panel';
import { useLogCsvMutation } from '../api/leaders-mutations';
import { logUrl, useClanLog, type LogFilter } from '../api/leaders-queries';

const KIND_LABELS: Record<LogEntry['kind'], string> = {
  joined: 'Joined',
  returned: 'Returned',
  moved: 'Moved in',
  left: 'Left',
  promoted: 'Promoted',
  demoted: 'Demoted',
  renamed: 'Renamed',
};
const when = (at: string) => `${at.slice(0, 16).replace('T', ' ')} UTC`;

/** The clan log (docs/leaders-memory.md): every roster change the polls saw, newest first, filtered, as CSV. */
export function ClanLogCard({ onSelect }: { onSelect: (tag: string) => void }) {
  const [filter, setFilter] = useState<LogFilter>({ player: '', kind: '' });
  const log = useClanLog(filter);
  const csv = useLogCsvMutation();
  const clan = useClanScope();
  const label = 'mb-1 block text-xs font-semibold text-slate-300';
  return (
    <Panel
      title="Clan log"
      icon={History}
      labelId="clan-log"
      action={
        <GhostButton
          onClick={() => csv.mutate(logUrl('/api/admin/clan-log/csv', clan, filter))}
          disabled={csv.isPending}
        >
          <Download className="h-3.5 w-3.5" aria-hidden />
          CSV
        </GhostButton>
      }
    >
      <p className="mb-3 text-sm text-slate-400">
        Joins, leaves, returns, moves within the family, promotions, demotions and renames, as the polls saw them.
      </p>
      <div className="mb-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="log-player" className={label}>
            Member tag
          </label>
          <input
            id="log-player"
            value={filter.player}
            onChange={(e) => setFilter((f) => ({ ...f, player: e.target.value }))}
            placeholder="#2PQ8L0C"
            className={`w-full ${inputClass}`}
          />
        </div>
        <div>
          <label htmlFor="log-kind" className={label}>
            Change
          </label>
          <select
            id="log-kind"
            value={filter.kind}
            onChange={(e) => setFilter((f) => ({ ...f, kind: e.target.value as LogFilter['kind'] }))}
            className={`w-full ${inputClass}`}
          >
            <option value="">Every change</option>
            {LOG_KIND_VALUES.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isPending ? <p className="text-sm text-slate-400">Loading the clan log…</p> : null}
      {log.isError ? <Banner kind="error">{errorText(log.error, 'Failed to load the clan log')}</Banner> : null}
      {csv.isError ? <Banner kind="error">{errorText(csv.error, 'Failed to download the clan log')}</Banner> : null}
      {log.data && log.data.entries.length === 0 ? (
        <p className="text-sm text-slate-400">
          No change is logged yet: the log fills as the polls see the roster change.
        </p>
      ) : null}
      <ol aria-label="Clan log entries" className="grid max-h-[28rem] gap-1 overflow-y-auto pr-1">
        {log.data?.entries.map((e) => (
          <li
            key={e.id}
            className="grid gap-x-3 rounded-lg border border-ink-800 bg-ink-950 px-3 py-2 text-sm sm:grid-cols-[7rem_minmax(0,1fr)_auto]"
          >
            <span className="text-xs font-semibold uppercase tracking-wide text-gold-300">{KIND_LABELS[e.kind]}</span>
            <button
              type="button"
              onClick={() => onSelect(e.playerTag)}
              className="min-w-0 break-words rounded text-left text-slate-100 hover:text-gold-300 focus-ring-tight"
            >
              {e.text}
              <span className="text-slate-400"> · {e.clanTag}</span>
            </button>
            <time dateTime={e.at} className="font-mono text-xs text-slate-400">
              {when(e.at)}
            </time>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
