import { useState, type FormEvent } from 'react';
import { Eye } from 'lucide-react';
import { watchInputSchema } from '#contracts/admin-leaders';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { displayName } from '#web/lib/player-name';
import { Banner, GhostButton, GoldButton, Panel, inputClass } from '#web/ui/panel';
import { useUnwatchMutation, useWatchMutation } from '../api/leaders-mutations';
import { useWatchList } from '../api/leaders-queries';

/** The watch list (docs/leaders-memory.md): leaders are alerted when a flagged player arrives in a family clan. */
export function WatchListCard() {
  const list = useWatchList();
  const watch = useWatchMutation();
  const unwatch = useUnwatchMutation();
  const [form, setForm] = useState({ playerTag: '', reason: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(watchInputSchema, form);
    setProblem(check.ok ? null : check.message);
    if (!check.ok) return watch.reset();
    watch.mutate(form, { onSuccess: () => setForm({ playerTag: '', reason: '' }) });
  };
  const label = 'mb-1 block text-xs font-semibold text-slate-300';
  return (
    <Panel title="Watch list" icon={Eye} labelId="watch-list">
      <p className="mb-3 text-sm text-slate-400">
        When a flagged player joins any clan of the family, the next poll alerts leaders once: in the clan’s log channel
        and on the system card, with the reason and their past stints.
      </p>
      {list.isError ? <Banner kind="error">{errorText(list.error, 'Failed to load the watch list')}</Banner> : null}
      {list.data?.entries.length === 0 ? (
        <p className="mb-3 text-sm text-slate-400">Nobody is on the watch list.</p>
      ) : null}
      <ul aria-label="Watched players" className="mb-4 grid gap-1">
        {list.data?.entries.map((w) => (
          <li
            key={w.playerTag}
            className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-800 py-2 text-sm last:border-b-0"
          >
            <span className="min-w-0 text-slate-100">
              {w.name ? <strong className="font-semibold text-white">{displayName(w.name)} </strong> : null}
              <span className="font-mono text-xs text-slate-300">{w.playerTag}</span>
              <span className="block text-xs text-slate-300">{w.reason}</span>
            </span>
            <GhostButton
              onClick={() => unwatch.mutate(w.playerTag)}
              disabled={unwatch.isPending}
              aria-label={`Take ${w.playerTag} off the watch list`}
            >
              Remove
            </GhostButton>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate aria-label="Flag a player" className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="watch-tag" className={label}>
            Player tag
          </label>
          <input
            id="watch-tag"
            value={form.playerTag}
            onChange={(e) => setForm((f) => ({ ...f, playerTag: e.target.value }))}
            placeholder="#2PQ8L0C"
            className={`w-full ${inputClass}`}
          />
        </div>
        <div>
          <label htmlFor="watch-reason" className={label}>
            Reason
          </label>
          <input
            id="watch-reason"
            value={form.reason}
            maxLength={300}
            onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
            className={`w-full ${inputClass}`}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <GoldButton type="submit" busy={watch.isPending}>
            Flag player
          </GoldButton>
        </div>
        {problem || watch.isError || unwatch.isError ? (
          <div className="sm:col-span-2">
            <Banner kind="error">
              {problem ?? errorText(watch.error ?? unwatch.error, 'Failed to change the watch list')}
            </Banner>
          </div>
        ) : null}
      </form>
    </Panel>
  );
}
