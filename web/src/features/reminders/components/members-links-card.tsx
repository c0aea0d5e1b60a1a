import { useState, type FormEvent } from 'react';
import { Link2 } from 'lucide-react';
import { discordLinkInputSchema, type AdminMember } from '#contracts/admin-reminders';
import { Banner } from '#web/ui/banner';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { displayName } from '#web/lib/player-name';
import { useConfirmLinkMutation, useLinkMutation, useUnlinkMutation } from '../api/reminders-mutations';
import { useAdminMembers } from '../api/reminders-queries';
import { GhostButton, GoldButton, Panel, inputClass } from '#web/ui/panel';

const STATUS: Record<NonNullable<AdminMember['linkStatus']>, { label: string; tone: string; title: string }> = {
  claimed: {
    label: 'claimed',
    tone: 'border-amber-400/60 text-amber-200',
    title: 'Linked in Discord without proof yet: not mentioned in reminders until verified or confirmed',
  },
  verified: { label: 'verified', tone: 'border-emerald-400/60 text-emerald-200', title: 'Proven in the game' },
  confirmed: { label: 'confirmed', tone: 'border-sky-400/60 text-sky-200', title: 'Confirmed by a leader' },
};

function LinkBadge({ status }: { status: AdminMember['linkStatus'] }) {
  if (!status) return null;
  const s = STATUS[status];
  return (
    <span
      title={s.title}
      className={`ml-2 rounded-full border px-2 py-px font-sans text-[11px] font-semibold ${s.tone}`}
    >
      {s.label}
    </span>
  );
}

function MemberRow({ member }: { member: AdminMember }) {
  const link = useLinkMutation();
  const unlink = useUnlinkMutation();
  const confirm = useConfirmLinkMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = draft ?? member.discordUserId ?? '';
  const inputId = `discord-${member.tag.slice(1)}`;
  const name = displayName(member.name);
  /** the Discord user whose claim this row shows: Confirm confirms that user, or nothing */
  const claimant = member.linkStatus === 'claimed' ? member.discordUserId : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(discordLinkInputSchema, { discordUserId: value });
    setProblem(check.ok ? null : check.message);
    if (!check.ok) return link.reset();
    link.mutate({ tag: member.tag, ...check.data }, { onSuccess: () => setDraft(null) });
  };
  const error =
    problem ??
    (link.isError ? errorText(link.error, 'Failed to link the player') : null) ??
    (unlink.isError ? errorText(unlink.error, 'Failed to unlink the player') : null) ??
    (confirm.isError ? errorText(confirm.error, 'Failed to confirm the link') : null);

  return (
    <li className="grid gap-2 border-b border-ink-800 py-2 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] sm:items-center">
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-100">{name}</p>
        <p className="font-mono text-xs text-slate-400">
          {member.tag}
          <LinkBadge status={member.linkStatus} />
        </p>
      </div>
      <form
        onSubmit={submit}
        className="flex flex-wrap gap-2"
        noValidate
        aria-label={`Discord link of ${name} (${member.tag})`}
      >
        <label htmlFor={inputId} className="sr-only">
          Discord user ID of {name}
        </label>
        <input
          id={inputId}
          value={value}
          onChange={(e) => setDraft(e.target.value)}
          inputMode="numeric"
          placeholder="Discord user ID"
          autoComplete="off"
          className={`w-44 flex-1 font-mono ${inputClass}`}
        />
        <GoldButton type="submit" busy={link.isPending}>
          Save
        </GoldButton>
        {claimant ? (
          <GhostButton
            onClick={() => confirm.mutate({ tag: member.tag, discordUserId: claimant })}
            disabled={confirm.isPending}
            aria-label={`Confirm the Discord link of ${name}`}
          >
            Confirm
          </GhostButton>
        ) : null}
        {member.discordUserId ? (
          <GhostButton onClick={() => unlink.mutate(member.tag)} disabled={unlink.isPending}>
            Unlink
          </GhostButton>
        ) : null}
        {error ? (
          <div className="w-full">
            <Banner kind="error">{error}</Banner>
          </div>
        ) : null}
      </form>
    </li>
  );
}

/** Members with their Discord link: reminders mention linked members (admin only, docs/reminders.md). */
export function MembersLinksCard() {
  const members = useAdminMembers();
  const [filter, setFilter] = useState('');
  const shown =
    members.data?.members.filter((m) =>
      `${displayName(m.name)} ${m.tag}`.toLowerCase().includes(filter.trim().toLowerCase()),
    ) ?? [];
  return (
    <Panel title="Members and Discord links" icon={Link2} labelId="discord-links">
      <p className="mb-3 text-sm text-slate-400">
        Members link themselves with <code className="text-slate-300">/link</code> in Discord and prove it in the game
        (verified). A claimed link is not used until you confirm it: Confirm confirms the user ID shown, and is refused
        if someone else claimed the tag since. You can also type a user ID (Discord: Settings → Advanced → Developer
        Mode, then right-click the user → Copy User ID). Reminders mention verified and confirmed links only.
      </p>
      <label htmlFor="member-filter" className="sr-only">
        Find a member
      </label>
      <input
        id="member-filter"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder="Find a member by name or tag"
        className={`mb-2 w-full ${inputClass}`}
      />
      {members.isPending ? <p className="text-sm text-slate-400">Loading members…</p> : null}
      {members.isError ? <Banner kind="error">{errorText(members.error, 'Failed to load members')}</Banner> : null}
      {members.data && members.data.members.length === 0 ? (
        <p className="text-sm text-slate-400">No members stored yet: they appear after the first war snapshot.</p>
      ) : null}
      <ul className="relative max-h-[28rem] overflow-y-auto pr-1">
        {shown.map((m) => (
          <MemberRow key={m.tag} member={m} />
        ))}
      </ul>
    </Panel>
  );
}
