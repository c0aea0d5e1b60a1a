import type { MemberPageResponse } from '#contracts/member-page';
import { displayName } from '#contracts/player-name';
import { dateLabel } from '../war/titles.js';

const ROLE_LABEL = { leader: 'Leader', coleader: 'Co-leader', elder: 'Elder', member: 'Member' } as const;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A sentence or two about a member for search results and link previews: "Bravo: Elder of ClanOps Royale
 * since Mar 4, 2026. 12 war weeks tracked, a 9-day full-deck streak, 2 monthly champion titles."
 */
export function memberDescription(page: MemberPageResponse, clanName: string): string {
  const name = displayName(page.name);
  const who =
    page.inClan && page.role && page.firstSeenAt
      ? `${name}: ${ROLE_LABEL[page.role]} of ${clanName} since ${dateLabel(new Date(page.firstSeenAt))}.`
      : `${name}: former member of ${clanName}.`;
  const facts = [`${count(page.weeks.length, 'war week', 'war weeks')} tracked`];
  if (page.inClan && page.fullDeckStreak > 0) facts.push(`a ${page.fullDeckStreak}-day full-deck streak`);
  const won = page.titles.filter((t) => !t.inProgress).length;
  if (won > 0) facts.push(count(won, 'monthly champion title', 'monthly champion titles'));
  return `${who} ${facts.join(', ')}.`;
}
