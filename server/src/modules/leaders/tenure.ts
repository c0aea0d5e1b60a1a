import { DAY_MS } from './strikes.js';

/** A member's tenure (docs/leaders-memory.md), pure: their stints in a clan, summed and told as a timeline. */

export interface TenureStint {
  clanTag: string;
  joinedAt: Date;
  leftAt: Date | null;
}

export interface Tenure {
  /** whole days in the clan over every stint, the current one up to now */
  days: number;
  stints: number;
  /** "in the clan 143 days over 3 stints" */
  summary: string;
  timeline: { clanTag: string; joinedAt: string; leftAt: string | null; days: number }[];
}

/** The stints in `clanTag` (every clan when null), oldest first. */
export function tenureOf(all: readonly TenureStint[], clanTag: string | null, now: Date): Tenure {
  const stints = all
    .filter((s) => clanTag === null || s.clanTag === clanTag)
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  const timeline = stints.map((s) => ({
    clanTag: s.clanTag,
    joinedAt: s.joinedAt.toISOString(),
    leftAt: s.leftAt?.toISOString() ?? null,
    days: Math.floor(((s.leftAt ?? now).getTime() - s.joinedAt.getTime()) / DAY_MS),
  }));
  const ms = stints.reduce((sum, s) => sum + ((s.leftAt ?? now).getTime() - s.joinedAt.getTime()), 0);
  const days = Math.floor(ms / DAY_MS);
  const where = clanTag === null ? 'in the family' : 'in the clan';
  const summary = `${where} ${days} day${days === 1 ? '' : 's'} over ${stints.length} stint${stints.length === 1 ? '' : 's'}`;
  return { days, stints: stints.length, summary, timeline };
}
