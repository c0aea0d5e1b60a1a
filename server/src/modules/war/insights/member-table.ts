import type { WarRules } from '#contracts/war-rules';
import { daysOf, type WarDay } from './rules.js';
import { inWholeWar, type DayDecks, type RosterEntry, type WarWeek } from './war-report.js';

/** How many weeks the member table and the sparkline show. */
export const TABLE_WEEKS = 10;

export interface MemberTableRow {
  tag: string;
  name: string;
  role: RosterEntry['role'];
  /** per week of the table, oldest first; null when the player is not in that week's log */
  fame: (number | null)[];
  days: DayDecks[];
  lastFame: number;
  totalFame: number;
  wholeWar: boolean;
}

/**
 * Every current member with the fame of the last 10 stored weeks and the decks of the newest war's
 * battle days (docs/war-insights.md). Pure: the same stored rows as the report.
 */
export function buildMemberTable(input: {
  rules: WarRules;
  /** newest first */
  weeks: readonly WarWeek[];
  days: readonly WarDay[];
  roster: readonly RosterEntry[];
}): { weeks: WarWeek[]; members: MemberTableRow[] } {
  const shown = input.weeks.slice(0, TABLE_WEEKS).reverse();
  const newest = input.weeks[0];
  const newestDays = newest
    ? input.days.filter((d) => d.seasonId === newest.seasonId && d.sectionIndex === newest.sectionIndex)
    : [];
  const members = input.roster.map((m): MemberTableRow => {
    const fame = shown.map((w) => w.participants.find((p) => p.tag === m.tag)?.fame ?? null);
    return {
      tag: m.tag,
      name: m.name,
      role: m.role,
      fame,
      days: daysOf(m.tag, newestDays, input.rules.attacksPerDay),
      lastFame: fame.at(-1) ?? 0,
      totalFame: fame.reduce<number>((sum, f) => sum + (f ?? 0), 0),
      wholeWar: newest ? inWholeWar(m, newest) : true,
    };
  });
  return { weeks: shown, members };
}
