import type { AppContext } from '../../app-context.js';
import { openClaimTagsOfUser } from '../reminders/discord-link-claims.repository.js';
import { linksOfUser, PROVEN, type LinkRow } from '../reminders/discord-links.repository.js';

/**
 * The links that act for a member in Discord (`/me`, `/away`; reminders read the same rule in SQL): verified and
 * confirmed ones only (docs/decisions/110-discord-link-claims.md). A claim, even the newest one on a tag, acts for
 * nobody; its claimant is told to prove it first.
 */
export async function ownLinks(
  db: AppContext['db']['kysely'],
  userId: string,
  now: Date,
): Promise<{ proven: LinkRow[]; unproven: string[] }> {
  const [all, open] = await Promise.all([linksOfUser(db, userId), openClaimTagsOfUser(db, userId, now)]);
  const proven = all.filter((l) => PROVEN.includes(l.status));
  const provenTags = new Set(proven.map((l) => l.tag));
  const claimed = all.filter((l) => !PROVEN.includes(l.status)).map((l) => l.tag);
  const unproven = [...new Set([...claimed, ...open])].filter((t) => !provenTags.has(t)).sort();
  return { proven, unproven };
}

/** The answer to a member whose only links are claims. */
export function proveFirst(unproven: readonly string[]): string {
  const tag = unproven[0]!;
  const which = unproven.length === 1 ? tag : unproven.join(', ');
  return (
    `Your link to ${which} is not proven yet: prove it first with \`/link ${tag}\` (a small change in the game), ` +
    'or ask a leader to confirm it. Until then ClanOps does not act for that player.'
  );
}

/** No proven link: how to get one. */
export function noLinkText(unproven: readonly string[]): string {
  return unproven.length > 0
    ? proveFirst(unproven)
    : 'You have no linked player yet: run `/link` with your player tag.';
}
