import { useState } from 'react';
import { ChevronDown, History } from 'lucide-react';
import type { HistoryEntry, ScriptInfo } from '#contracts/admin-scripts';
import { formatDuration, formatTime, formatUtc } from '../api/messages';
import { HISTORY_SHOWN, useHistory } from '../api/scripts-queries';
import { Panel } from '#web/ui/panel';

/** docs/product.md §4: completed green, failed red, anything else yellow. */
function statusTone(status: HistoryEntry['status']): string {
  if (status === 'completed') return 'border-emerald-400/50 bg-emerald-500/15 text-emerald-200';
  if (status === 'failed') return 'border-red-400/50 bg-red-500/15 text-red-200';
  return 'border-amber-400/50 bg-amber-500/15 text-amber-200';
}

function Details({ entry, timezone }: { entry: HistoryEntry; timezone: string }) {
  const d = entry.details;
  return (
    <div className="grid gap-3 border-t border-white/5 px-3 pb-3 pt-3 text-sm sm:px-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-slate-400">Trigger</dt>
          <dd className="text-slate-100">{entry.trigger}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Data processed</dt>
          <dd className="text-slate-100">{d.dataProcessed ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Started (UTC)</dt>
          <dd className="font-mono text-slate-100">{formatUtc(entry.timestamp)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Scheduled for</dt>
          <dd className="text-slate-100">{entry.scheduledFor ? formatTime(entry.scheduledFor, timezone) : 'manual'}</dd>
        </div>
      </dl>
      <div>
        <h4 className="text-xs font-semibold uppercase tracking-wider text-gold-400">Outputs</h4>
        {d.outputs.length > 0 ? (
          <ul className="mt-1 list-inside list-disc text-slate-200">
            {d.outputs.map((o, i) => (
              <li key={i}>{o}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-400">None</p>
        )}
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase tracking-wider text-gold-400">Errors</h4>
        {d.errors.length > 0 ? (
          <ul className="mt-1 list-inside list-disc text-red-200">
            {d.errors.map((o, i) => (
              <li key={i}>{o}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-400">None</p>
        )}
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase tracking-wider text-gold-400">Discord message</h4>
        {d.discordMessage ? (
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-ink-950 p-3 font-mono text-xs text-slate-200">
            {d.discordMessage}
          </pre>
        ) : (
          <p className="mt-1 text-slate-400">None</p>
        )}
      </div>
    </div>
  );
}

/** The newest 15 runs; each row expands and collapses to show its details (docs/product.md §4). */
export function HistoryList({ script, timezone }: { script: ScriptInfo; timezone: string }) {
  const history = useHistory(script);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const entries = (history.data?.history ?? []).slice(0, HISTORY_SHOWN);

  return (
    <Panel title="Execution history" icon={History} labelId={`history-${script.id}`}>
      {history.isPending ? <p className="text-sm text-slate-400">Loading history…</p> : null}
      {/* docs/product.md §8: a failed load is only logged — it never claims there are no runs */}
      {history.isSuccess && entries.length === 0 ? <p className="text-sm text-slate-400">No runs yet.</p> : null}
      <ol className="grid gap-2" aria-label={`${script.name} runs`}>
        {entries.map((entry) => {
          const expanded = open.has(entry.id);
          return (
            <li
              key={entry.id}
              className="overflow-hidden rounded-xl border border-ink-700 bg-ink-950/60"
              data-testid="history-row"
            >
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`run-details-${entry.id}`}
                onClick={() => toggle(entry.id)}
                className={
                  'flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 text-left hover:bg-white/5 ' +
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-300 sm:flex-nowrap sm:px-4'
                }
              >
                <span
                  className={`shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold capitalize ${statusTone(entry.status)}`}
                >
                  {entry.status}
                </span>
                <span className="shrink-0 text-xs text-slate-400">{formatTime(entry.timestamp, timezone)}</span>
                <span className="order-last w-full min-w-0 text-sm text-slate-100 sm:order-none sm:w-auto sm:flex-1 sm:truncate">
                  {entry.message}
                </span>
                <span className="ml-auto shrink-0 font-mono text-xs text-slate-400">
                  {formatDuration(entry.duration)}
                </span>
                <ChevronDown
                  className={`h-4 w-4 shrink-0 text-slate-400 transition-transform ${expanded ? 'rotate-180' : ''}`}
                  aria-hidden
                />
              </button>
              {expanded ? (
                <div id={`run-details-${entry.id}`}>
                  <Details entry={entry} timezone={timezone} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
