import { useState, type FormEvent } from 'react';
import { NotebookPen } from 'lucide-react';
import { noteInputSchema, type MemberMemory } from '#contracts/admin-leaders';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { displayName } from '#web/lib/player-name';
import { Banner, GhostButton, GoldButton, Panel, inputClass } from '#web/ui/panel';
import { useAddNoteMutation, useRemoveNoteMutation } from '../api/leaders-mutations';
import { useMemberMemory } from '../api/leaders-queries';

const day = (iso: string) => iso.slice(0, 10);
const label = 'mb-1 block text-xs font-semibold text-slate-300';

function Tenure({ m }: { m: MemberMemory }) {
  return (
    <section aria-labelledby="member-tenure" className="mb-3">
      <h4 id="member-tenure" className="text-xs font-semibold uppercase tracking-wide text-slate-400">
        Tenure
      </h4>
      <p className="text-sm text-slate-100">
        {m.tenure.summary[0]!.toUpperCase() + m.tenure.summary.slice(1)} · {m.familyTenure.summary}
      </p>
      <ol aria-label="Stints" className="mt-1 grid gap-0.5 text-xs text-slate-300">
        {m.familyTenure.timeline.map((s) => (
          <li key={s.clanTag + s.joinedAt}>
            <span className="font-mono">{s.clanTag}</span> {day(s.joinedAt)} → {s.leftAt ? day(s.leftAt) : 'now'} (
            {s.days} days)
          </li>
        ))}
      </ol>
    </section>
  );
}

function Notes({ m }: { m: MemberMemory }) {
  const remove = useRemoveNoteMutation();
  return (
    <section aria-labelledby="member-notes" className="mb-4">
      <h4 id="member-notes" className="text-xs font-semibold uppercase tracking-wide text-slate-400">
        Notes and strikes · {m.activeStrikes} active strike{m.activeStrikes === 1 ? '' : 's'}
        {m.atRisk ? (
          <span className="ml-2 rounded-full border border-red-400/60 px-2 py-px text-red-200">at risk</span>
        ) : null}
      </h4>
      {m.notes.length === 0 ? <p className="py-1 text-sm text-slate-400">No note or strike yet.</p> : null}
      <ul className="grid gap-1">
        {m.notes.map((n) => (
          <li
            key={n.id}
            className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-800 py-2 text-sm last:border-b-0"
          >
            <span className="min-w-0 text-slate-100">
              <strong className={n.kind === 'strike' ? 'text-red-200' : 'text-gold-300'}>
                {n.kind === 'strike' ? 'Strike' : 'Note'}
              </strong>{' '}
              {n.reason}
              <span className="block text-xs text-slate-400">
                {day(n.createdAt)}
                {n.expiresAt ? ` · ${n.active ? 'until' : 'expired'} ${day(n.expiresAt)}` : ''} · {n.author}
              </span>
            </span>
            <GhostButton
              onClick={() => remove.mutate(n.id)}
              disabled={remove.isPending}
              aria-label={`Remove the ${n.kind} “${n.reason}”`}
            >
              Remove
            </GhostButton>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddNoteForm({ tag }: { tag: string }) {
  const add = useAddNoteMutation();
  const [form, setForm] = useState({ kind: 'strike' as 'note' | 'strike', reason: '', days: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      playerTag: tag,
      kind: form.kind,
      reason: form.reason,
      ...(form.days ? { days: Number(form.days) } : {}),
    };
    const check = checkForm(noteInputSchema, input);
    setProblem(check.ok ? null : check.message);
    if (!check.ok) return add.reset();
    add.mutate(input, { onSuccess: () => setForm((f) => ({ ...f, reason: '', days: '' })) });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a note or strike"
      className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_6rem]"
    >
      <div>
        <label htmlFor="note-kind" className={label}>
          Kind
        </label>
        <select
          id="note-kind"
          value={form.kind}
          onChange={(e) => setForm((f) => ({ ...f, kind: e.target.value as 'note' | 'strike' }))}
          className={`w-full ${inputClass}`}
        >
          <option value="strike">Strike</option>
          <option value="note">Note</option>
        </select>
      </div>
      <div>
        <label htmlFor="note-reason" className={label}>
          Reason
        </label>
        <input
          id="note-reason"
          value={form.reason}
          maxLength={300}
          onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
          className={`w-full ${inputClass}`}
        />
      </div>
      <div>
        <label htmlFor="note-days" className={label}>
          Days
        </label>
        <input
          id="note-days"
          inputMode="numeric"
          value={form.days}
          disabled={form.kind === 'note'}
          placeholder="30"
          onChange={(e) => setForm((f) => ({ ...f, days: e.target.value }))}
          className={`w-full ${inputClass}`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <GoldButton type="submit" busy={add.isPending}>
          Save
        </GoldButton>
        {add.isSuccess ? <Banner kind="success">{add.data.message}</Banner> : null}
      </div>
      {problem || add.isError ? (
        <div className="sm:col-span-3">
          <Banner kind="error">{problem ?? errorText(add.error, 'Failed to save')}</Banner>
        </div>
      ) : null}
    </form>
  );
}

/** One player's memory (docs/leaders-memory.md): tenure and stints, notes and strikes, the watch list's reason. */
export function MemberMemoryCard({ tag, onTag }: { tag: string | null; onTag: (tag: string) => void }) {
  const memory = useMemberMemory(tag);
  const [input, setInput] = useState('');
  const m = memory.data;
  return (
    <Panel title="Member notes and strikes" icon={NotebookPen} labelId="member-memory">
      <form
        onSubmit={(e) => (e.preventDefault(), input.trim() && onTag(input.trim()))}
        aria-label="Look up a player"
        className="mb-3 flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="memory-tag" className={label}>
            Player tag
          </label>
          <input
            id="memory-tag"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="#2PQ8L0C"
            className={`w-full ${inputClass}`}
          />
        </div>
        <GhostButton type="submit">Look up</GhostButton>
      </form>
      {tag === null ? (
        <p className="text-sm text-slate-400">Choose a player in the clan log, or look one up by tag.</p>
      ) : null}
      {memory.isError ? <Banner kind="error">{errorText(memory.error, 'Failed to load the player')}</Banner> : null}
      {m ? (
        <div>
          <p className="mb-2 text-base font-semibold text-white">
            {m.name ? displayName(m.name) : m.playerTag}{' '}
            <span className="font-mono text-xs font-normal text-slate-400">{m.playerTag}</span>
          </p>
          {m.watch ? <Banner kind="error">On the watch list: {m.watch.reason}</Banner> : null}
          <Tenure m={m} />
          <Notes m={m} />
          <AddNoteForm tag={m.playerTag} />
        </div>
      ) : null}
    </Panel>
  );
}
