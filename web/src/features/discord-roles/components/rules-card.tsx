import { useEffect, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { roleRulesSchema, RANK_VALUES, type DiscordRolesState } from '#contracts/admin-discord-roles';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { Banner, GoldButton, Panel, inputClass } from '#web/ui/panel';
import { useRolesState, useSaveRulesMutation } from '../api/roles-api';

const label = 'mb-1 block text-xs font-semibold text-slate-300';
const RANK_LABELS: Record<(typeof RANK_VALUES)[number], string> = {
  member: 'Member',
  elder: 'Elder',
  coLeader: 'Co-leader',
  leader: 'Leader',
};

type Form = Record<string, string> & { enabled: string };

function toForm(s: DiscordRolesState): Form {
  const r = s.rules;
  const form: Form = {
    enabled: r.enabled ? 'on' : '',
    verifiedRoleId: r.verifiedRoleId ?? '',
    guestRoleId: r.guestRoleId ?? '',
    nicknameTemplate: r.nicknameTemplate ?? '',
    removalDelayHours: String(r.removalDelayHours),
  };
  for (const rank of RANK_VALUES) form[`rank:${rank}`] = r.rankRoles[rank] ?? '';
  for (const c of s.clans) {
    form[`clan:${c.tag}`] = r.clanRoles[c.tag]?.roleId ?? '';
    form[`alias:${c.tag}`] = r.clanRoles[c.tag]?.alias ?? '';
  }
  return form;
}

/** The role rules (docs/discord.md, "Roles and nicknames"): role ids, nickname template, removal delay, on/off. */
export function DiscordRolesRulesCard() {
  const state = useRolesState();
  const save = useSaveRulesMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (state.data) setForm(toForm(state.data));
  }, [state.data]);
  if (!state.data || !form) {
    return (
      <Panel title="Discord roles" icon={ShieldCheck} labelId="discord-roles-rules">
        <p className="text-sm text-slate-400" role="status">
          {state.isError ? errorText(state.error, 'Could not load the role rules') : 'Loading the role rules…'}
        </p>
      </Panel>
    );
  }
  const set = (key: string) => (e: { target: { value: string } }) => setForm((f) => ({ ...f!, [key]: e.target.value }));
  const field = (key: string, text: string, placeholder = 'role id, e.g. 123456789012345678') => (
    <div key={key}>
      <label htmlFor={`dr-${key}`} className={label}>
        {text}
      </label>
      <input
        id={`dr-${key}`}
        value={form[key] ?? ''}
        onChange={set(key)}
        placeholder={placeholder}
        inputMode={key.startsWith('alias') || key === 'nicknameTemplate' ? 'text' : 'numeric'}
        className={`w-full ${inputClass}`}
      />
      {state.data.roleNames[form[key] ?? ''] ? (
        <p className="mt-1 text-xs text-slate-400">In Discord: {state.data.roleNames[form[key]!]}</p>
      ) : null}
    </div>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clans = state.data.clans;
    const input = {
      enabled: form.enabled === 'on',
      verifiedRoleId: form.verifiedRoleId,
      guestRoleId: form.guestRoleId,
      clanRoles: Object.fromEntries(
        clans.map((c) => [c.tag, { roleId: form[`clan:${c.tag}`] ?? '', alias: form[`alias:${c.tag}`] ?? '' }]),
      ),
      rankRoles: {
        member: form['rank:member'],
        elder: form['rank:elder'],
        coLeader: form['rank:coLeader'],
        leader: form['rank:leader'],
      },
      nicknameTemplate: form.nicknameTemplate,
      removalDelayHours: Number(form.removalDelayHours),
    };
    const check = checkForm(roleRulesSchema, input);
    setProblem(check.ok ? null : check.message);
    if (check.ok) save.mutate(check.data);
  };
  return (
    <Panel title="Discord roles" icon={ShieldCheck} labelId="discord-roles-rules">
      <p className="mb-3 text-sm text-slate-400">
        Roles and nicknames that follow the game, for proven links only. Only the roles named here are ever added or
        removed. {state.data.active ? '' : 'Set DISCORD_BOT_TOKEN and DISCORD_GUILD_ID to apply them.'}
        {state.data.queued > 0 ? ` ${state.data.queued} member(s) wait for Discord.` : ''}
      </p>
      <form onSubmit={submit} noValidate aria-label="Discord role rules" className="grid gap-3 sm:grid-cols-2">
        {field('verifiedRoleId', 'Verified role (any proven link)')}
        {field('guestRoleId', 'Guest role (proven link, not in the family)')}
        {state.data.clans.map((c) => [
          field(`clan:${c.tag}`, `Role for ${c.name ?? c.tag} (${c.tag})`),
          field(`alias:${c.tag}`, `{clan} for ${c.name ?? c.tag}`, 'short name, e.g. Main'),
        ])}
        {RANK_VALUES.map((r) => field(`rank:${r}`, `${RANK_LABELS[r]} role (rank in the game)`))}
        {field(
          'nicknameTemplate',
          'Nickname template ({name} {clan} {role}; empty: leave nicknames)',
          '{name} | {clan}',
        )}
        {field('removalDelayHours', 'Hours a leaver keeps the roles', '48')}
        <label htmlFor="dr-enabled" className="flex items-center gap-2 text-sm text-slate-200 sm:col-span-2">
          <input
            id="dr-enabled"
            type="checkbox"
            checked={form.enabled === 'on'}
            onChange={(e) => setForm((f) => ({ ...f!, enabled: e.target.checked ? 'on' : '' }))}
            className="h-4 w-4 accent-gold-400"
          />
          Apply the rules in Discord (look at the preview first)
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <GoldButton type="submit" busy={save.isPending}>
            Save role rules
          </GoldButton>
          {save.isSuccess ? <Banner kind="success">Role rules saved.</Banner> : null}
        </div>
        {problem || save.isError ? (
          <div className="sm:col-span-2">
            <Banner kind="error">{problem ?? errorText(save.error, 'Failed to save the role rules')}</Banner>
          </div>
        ) : null}
      </form>
    </Panel>
  );
}
