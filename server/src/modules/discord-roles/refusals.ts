import { isRestError, type RestError, type RolesRest } from './ports.js';
import type { OperatorWarnings } from '#server/lib/operator-warnings';
import type { RoleChange } from './diff.js';

/** A call that failed because Discord is away (down, timing out, rate limits past our patience): retry later. */
export function isOutage(err: unknown): boolean {
  return isRestError(err) && ['unavailable', 'timeout', 'network'].includes(err.kind);
}

/** Discord said no to this change (403 missing permission or hierarchy, 404 deleted role, other 4xx): final. */
export function isRefusal(err: unknown): err is RestError {
  return isRestError(err) && (err.kind === 'rejected' || (err.kind === 'refused' && err.status !== 401));
}

export const warningKey = (change: RoleChange) =>
  change.kind === 'set-nick' ? `discord-roles:nick:${change.discordUserId}` : `discord-roles:role:${change.roleId}`;

/**
 * Raises the system-card warning for a refused change, naming the role or member and the fix
 * (docs/discord.md, "Roles and nicknames"). Reads the server's roles and owner to tell a role placed too high from
 * a missing permission, and the owner's nickname (which no bot may change) from the rest.
 */
export async function warnRefusal(
  rest: RolesRest,
  guildId: string,
  warnings: OperatorWarnings,
  change: RoleChange,
  err: RestError,
  who: string,
): Promise<void> {
  const guild = await rest.getGuild(guildId).catch(() => null);
  const roles = await rest.listRoles(guildId).catch(() => []);
  const bot = await rest.getMember(guildId, rest.applicationId).catch(() => null);
  const botTop = Math.max(0, ...roles.filter((r) => bot?.roles.includes(r.id)).map((r) => r.position));
  if (change.kind === 'set-nick') {
    const text =
      guild?.owner_id === change.discordUserId
        ? `Discord does not let any bot change the server owner's nickname (${who}). Nothing to fix: ClanOps leaves it.`
        : `Discord refused to change the nickname of ${who} (${err.message}). Fix: give the ClanOps role Manage Nicknames ` +
          `and place it above the member's highest role (Server Settings → Roles).`;
    warnings.raise(warningKey(change), text);
    return;
  }
  const role = roles.find((r) => r.id === change.roleId);
  const name = role ? `"${role.name}" (${change.roleId})` : change.roleId;
  const verb = change.kind === 'add-role' ? 'give' : 'take';
  let fix: string;
  if (err.status === 404 || !role) {
    fix = `the role no longer exists in Discord. Fix: choose another role in the Discord roles rules.`;
  } else if (role.position >= botTop) {
    fix = `the role is at or above ClanOps' own highest role. Fix: drag the ClanOps role above it (Server Settings → Roles).`;
  } else {
    fix = `ClanOps lacks the Manage Roles permission. Fix: give the ClanOps role Manage Roles.`;
  }
  warnings.raise(warningKey(change), `Discord refused to ${verb} the role ${name} (${who}): ${fix}`);
}
