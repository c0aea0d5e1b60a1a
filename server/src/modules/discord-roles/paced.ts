import type { RolesRest } from './ports.js';

/** Discord allows 50 requests a second per bot; the roles take at most half, leaving the rest to commands and DMs. */
export const ROLES_MIN_INTERVAL_MS = 40;

/**
 * The REST port with its calls spaced at least `minIntervalMs` apart (wall time): a reconcile of hundreds of members
 * stays within Discord's global limit instead of running into 429s (docs/decisions/160-discord-roles.md).
 */
export function pacedRest(rest: RolesRest, minIntervalMs = ROLES_MIN_INTERVAL_MS): RolesRest {
  let next = 0;
  const gate = async () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + minIntervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
  const wrap =
    <A extends unknown[], T>(fn: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      await gate();
      return fn(...args);
    };
  return {
    applicationId: rest.applicationId,
    get hasToken() {
      return rest.hasToken;
    },
    getMember: wrap(rest.getMember.bind(rest)),
    getGuild: wrap(rest.getGuild.bind(rest)),
    listRoles: wrap(rest.listRoles.bind(rest)),
    setRole: wrap(rest.setRole.bind(rest)),
    setNickname: wrap(rest.setNickname.bind(rest)),
  };
}
