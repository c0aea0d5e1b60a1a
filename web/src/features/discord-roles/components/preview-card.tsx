import { History, Eye } from 'lucide-react';
import type { RoleAudit, RolesPreview } from '#contracts/admin-discord-roles';
import { errorText } from '#web/lib/api-error';
import { Banner, GhostButton, Panel } from '#web/ui/panel';
import { usePreviewMutation, useRolesAudit, useRolesState } from '../api/roles-api';

type Change = RolesPreview['members'][number]['changes'][number];

type Names = Record<string, string>;

/** A role as the admin knows it: its name in Discord beside the id, or the id alone when the name is unknown. */
export const roleLabel = (id: string, names: Names): string => (names[id] ? `${names[id]} (${id})` : id);

function what(c: Change, names: Names): string {
  if (c.kind === 'set-nick') return `nickname → ${c.nick ?? ''}`;
  return `${c.kind === 'add-role' ? '+' : '−'} role ${c.roleId ? roleLabel(c.roleId, names) : ''}`;
}

/** The dry run: what the rules would change for whom, read from Discord now; nothing is applied. */
export function DiscordRolesPreviewCard() {
  const preview = usePreviewMutation();
  const names = useRolesState().data?.roleNames ?? {};
  const data = preview.data;
  return (
    <Panel
      title="Preview of role changes"
      icon={Eye}
      labelId="discord-roles-preview"
      action={
        <GhostButton type="button" onClick={() => preview.mutate()} disabled={preview.isPending}>
          {preview.isPending ? 'Reading Discord…' : 'Preview'}
        </GhostButton>
      }
    >
      {preview.isError ? <Banner kind="error">{errorText(preview.error, 'The preview failed')}</Banner> : null}
      {!data ? (
        <p className="text-sm text-slate-400">
          What the saved rules would change, member by member. Nothing is applied.
        </p>
      ) : data.members.length === 0 ? (
        <p className="text-sm text-slate-300" role="status">
          Nothing would change.{data.notInServer ? ` ${data.notInServer} linked member(s) are not in the server.` : ''}
        </p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Changes the rules would make">
          {data.members.map((m) => (
            <li key={m.discordUserId} className="rounded-md border border-slate-700 p-2">
              <p className="break-all font-semibold text-white">{m.who}</p>
              <ul className="mt-1 grid gap-1 text-slate-300">
                {m.changes.map((c, i) => (
                  <li key={i} className="break-words">
                    {what(c, names)} <span className="text-slate-400">— {c.reason}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function AuditRow({ c, names }: { c: RoleAudit['changes'][number]; names: Names }) {
  return (
    <li className="break-words border-b border-slate-800 py-1">
      <time dateTime={c.at} className="text-slate-400">
        {c.at.slice(0, 16).replace('T', ' ')} UTC
      </time>{' '}
      <span className="text-slate-200">{c.discordUserId}</span> {what(c, names)}{' '}
      <span className="text-slate-400">— {c.reason}</span>
      {c.outcome === 'refused' ? <span className="text-red-300"> (refused: {c.error})</span> : null}
    </li>
  );
}

/** Each change ClanOps made or Discord refused, newest first, with its reason. */
export function DiscordRolesAuditCard() {
  const audit = useRolesAudit();
  const names = useRolesState().data?.roleNames ?? {};
  return (
    <Panel title="Role changes" icon={History} labelId="discord-roles-audit">
      {audit.isError ? <Banner kind="error">{errorText(audit.error, 'Could not load the role changes')}</Banner> : null}
      {audit.data && audit.data.changes.length === 0 ? (
        <p className="text-sm text-slate-400">No change yet.</p>
      ) : (
        <ul className="max-h-80 overflow-y-auto text-sm" aria-label="Role changes, newest first" tabIndex={0}>
          {audit.data?.changes.map((c) => (
            <AuditRow key={c.id} c={c} names={names} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
