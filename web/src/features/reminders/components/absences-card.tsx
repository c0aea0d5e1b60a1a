import { useState, type FormEvent } from 'react';
import { CalendarOff } from 'lucide-react';
import { absenceInputSchema, type AbsenceView } from '#contracts/admin-members';
import type { AdminMember } from '#contracts/admin-reminders';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { displayName } from '#web/lib/player-name';
import { Banner, GhostButton, GoldButton, Panel, inputClass } from '#web/ui/panel';
import { useAddAbsenceMutation, useDecideAbsenceMutation } from '../api/reminders-mutations';
import { useAbsences, useAdminMembers } from '../api/reminders-queries';
import { AbsenceReasonsOption } from './absence-reasons-option';

const dates = (a: AbsenceView) => (a.startsOn === a.endsOn ? a.startsOn : `${a.startsOn} → ${a.endsOn}`);
/** Who asked, as the leaders must see it: the Discord user (and the member their proven link is to), or the admin. */
function requester(requestedBy: string, members: readonly AdminMember[] | undefined): string {
  if (!requestedBy.startsWith('discord:')) return 'added by the admin';
  const id = requestedBy.slice('discord:'.length);
  const linked = members?.filter((m) => m.discordUserId === id && m.linkStatus !== 'claimed') ?? [];
  const to = linked.length > 0 ? ` (linked to ${linked.map((m) => displayName(m.name)).join(', ')})` : '';
  return `asked by Discord user ${id}${to}`;
}

function AbsenceRow({ absence }: { absence: AbsenceView }) {
  const decide = useDecideAbsenceMutation();
  const members = useAdminMembers();
  const name = absence.playerName ? displayName(absence.playerName) : absence.playerTag;
  const pending = absence.status === 'pending';
  return (
    <li className="grid gap-2 border-b border-ink-800 py-2 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-100">
          {name} <span className="font-mono text-xs font-normal text-slate-400">{absence.playerTag}</span>
        </p>
        <p className="text-xs text-slate-300">
          <span className="font-mono">{dates(absence)}</span>
          {absence.reason ? <span> · {absence.reason}</span> : null}
          <span className="text-slate-400"> · {requester(absence.requestedBy, members.data?.members)}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {pending ? (
          <>
            <GhostButton
              onClick={() => decide.mutate({ id: absence.id, decision: 'approve' })}
              disabled={decide.isPending}
              aria-label={`Approve the absence of ${name}`}
            >
              Approve
            </GhostButton>
            <GhostButton
              onClick={() => decide.mutate({ id: absence.id, decision: 'reject' })}
              disabled={decide.isPending}
              aria-label={`Reject the absence of ${name}`}
            >
              Reject
            </GhostButton>
          </>
        ) : (
          <span className="rounded-full border border-emerald-400/60 px-2 py-px text-[11px] font-semibold text-emerald-200">
            approved
          </span>
        )}
      </div>
      {decide.isError ? (
        <div className="sm:col-span-2">
          <Banner kind="error">{errorText(decide.error, 'Failed to decide the absence')}</Banner>
        </div>
      ) : null}
    </li>
  );
}

function AddAbsenceForm() {
  const members = useAdminMembers();
  const add = useAddAbsenceMutation();
  const [form, setForm] = useState({ playerTag: '', startsOn: '', endsOn: '', reason: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(absenceInputSchema, form, { playerTag: 'Choose the member' });
    setProblem(check.ok ? null : check.message);
    if (!check.ok) return add.reset();
    add.mutate(form, { onSuccess: () => setForm({ playerTag: '', startsOn: '', endsOn: '', reason: '' }) });
  };
  const label = 'mb-1 block text-xs font-semibold text-slate-300';
  return (
    <form onSubmit={submit} noValidate aria-label="Add an absence" className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label htmlFor="absence-member" className={label}>
          Member
        </label>
        <select
          id="absence-member"
          value={form.playerTag}
          onChange={set('playerTag')}
          className={`w-full ${inputClass}`}
        >
          <option value="">Choose a member…</option>
          {members.data?.members.map((m) => (
            <option key={m.tag} value={m.tag}>
              {displayName(m.name)} ({m.tag})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="absence-from" className={label}>
          First day
        </label>
        <input
          id="absence-from"
          type="date"
          value={form.startsOn}
          onChange={set('startsOn')}
          className={`w-full ${inputClass}`}
        />
      </div>
      <div>
        <label htmlFor="absence-to" className={label}>
          Last day
        </label>
        <input
          id="absence-to"
          type="date"
          value={form.endsOn}
          onChange={set('endsOn')}
          className={`w-full ${inputClass}`}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="absence-reason" className={label}>
          Reason (optional)
        </label>
        <input
          id="absence-reason"
          value={form.reason}
          onChange={set('reason')}
          maxLength={200}
          placeholder="holiday"
          className={`w-full ${inputClass}`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <GoldButton type="submit" busy={add.isPending}>
          Add absence
        </GoldButton>
        {add.isSuccess ? <Banner kind="success">{add.data.message}</Banner> : null}
      </div>
      {problem || add.isError ? (
        <div className="sm:col-span-2">
          <Banner kind="error">{problem ?? errorText(add.error, 'Failed to add the absence')}</Banner>
        </div>
      ) : null}
    </form>
  );
}

/** Excused absences: requests from Discord to approve, and absences the admin sets (docs/discord.md). */
export function AbsencesCard() {
  const absences = useAbsences();
  const list = absences.data?.absences ?? [];
  const pending = list.filter((a) => a.status === 'pending');
  const approved = list.filter((a) => a.status === 'approved');
  return (
    <Panel title="Excused absences" icon={CalendarOff} labelId="absences">
      <p className="mb-3 text-sm text-slate-400">
        An approved absence excuses every battle day whose reset falls on a date from the first to the last day (UTC).
        Members ask with <code className="text-slate-300">/away</code> in Discord; their requests wait here.
      </p>
      {absences.isPending ? <p className="text-sm text-slate-400">Loading absences…</p> : null}
      {absences.isError ? <Banner kind="error">{errorText(absences.error, 'Failed to load absences')}</Banner> : null}
      {absences.data ? (
        <div className="mb-4 grid gap-3">
          <section aria-labelledby="absences-pending">
            <h4 id="absences-pending" className="text-xs font-semibold uppercase tracking-wide text-slate-400">
              Waiting for approval ({pending.length})
            </h4>
            {pending.length === 0 ? <p className="py-1 text-sm text-slate-400">No request is waiting.</p> : null}
            <ul>
              {pending.map((a) => (
                <AbsenceRow key={a.id} absence={a} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="absences-approved">
            <h4 id="absences-approved" className="text-xs font-semibold uppercase tracking-wide text-slate-400">
              Approved ({approved.length})
            </h4>
            {approved.length === 0 ? <p className="py-1 text-sm text-slate-400">No member is excused.</p> : null}
            <ul>
              {approved.map((a) => (
                <AbsenceRow key={a.id} absence={a} />
              ))}
            </ul>
          </section>
        </div>
      ) : null}
      <AddAbsenceForm />
      <AbsenceReasonsOption />
    </Panel>
  );
}
