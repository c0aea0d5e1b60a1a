import { DAY, HOUR, type PeriodInfo } from './calendar.js';

/** How many of each hard case a family's ledger holds for the moves that left in a time range. */
export interface HardCases {
  /** every move */
  moves: number;
  /** moves by the UTC hour they left at, 0–23 */
  byHour: number[];
  /** left or joined between 09:00 and 11:00 UTC, where the daily reset falls */
  aroundReset: number;
  /** between two clans, left on one war day and joined on the next, less than 6 hours later */
  acrossReset: number;
  /** A → B → A, back in A at most 30 hours after leaving it */
  returns: number;
  /** left and rejoined the same clan less than a day later */
  rejoins: number;
  /** …of them, with a daily reset in between */
  rejoinsAcrossReset: number;
  /** used all 4 decks of a battle day in one clan, then joined another the same war day */
  doneThenMoved: number;
  /** used 1–3 decks of a battle day, then joined another clan the same war day */
  partThenMoved: number;
}

/** A move as the counting reads it (the ledger's SimMove). */
interface CountedMove {
  playerTag: string;
  fromClan: string;
  toClan: string;
  leftAt: Date;
  joinedAt: Date;
}

export interface HardCaseFacts {
  /** the moves that left in the range, and every move up to 30 hours after it (for the returns) */
  moves: readonly CountedMove[];
  from: number;
  to: number;
  period(at: Date): PeriodInfo;
  /** the clans the player's decks of that day counted for, up to `asOf` */
  decks(playerTag: string, seasonId: number, periodIndex: number, asOf: Date): string[];
}

const RETURN_WITHIN = 30 * HOUR;

/** Counts the hard cases from what the ledger recorded, whatever the generator meant. */
export function countHardCases({ moves, from, to, period, decks }: HardCaseFacts): HardCases {
  const out: HardCases = {
    moves: 0,
    byHour: Array.from({ length: 24 }, () => 0),
    aroundReset: 0,
    acrossReset: 0,
    returns: 0,
    rejoins: 0,
    rejoinsAcrossReset: 0,
    doneThenMoved: 0,
    partThenMoved: 0,
  };
  const hourOf = (d: Date) => d.getUTCHours();
  for (const m of moves) {
    const [left, joined] = [m.leftAt.getTime(), m.joinedAt.getTime()];
    if (left < from || left >= to) continue;
    out.moves++;
    out.byHour[hourOf(m.leftAt)]!++;
    if ([hourOf(m.leftAt), hourOf(m.joinedAt)].some((h) => h === 9 || h === 10)) out.aroundReset++;
    const [dayLeft, dayJoined] = [period(m.leftAt), period(m.joinedAt)];
    const sameDay = dayLeft.seasonId === dayJoined.seasonId && dayLeft.periodIndex === dayJoined.periodIndex;
    if (m.fromClan === m.toClan) {
      if (joined - left < DAY) {
        out.rejoins++;
        if (!sameDay) out.rejoinsAcrossReset++;
      }
      continue;
    }
    if (!sameDay && joined - left < 6 * HOUR) out.acrossReset++;
    const next = moves.find((n) => n.playerTag === m.playerTag && n.leftAt.getTime() >= joined);
    if (next && next.fromClan === m.toClan && next.toClan === m.fromClan)
      if (next.joinedAt.getTime() - left <= RETURN_WITHIN) out.returns++;
    if (!sameDay || dayLeft.periodType === 'training') continue;
    const used = decks(m.playerTag, dayLeft.seasonId, dayLeft.periodIndex, new Date(left - 1));
    if (used.length === 4 && used.every((c) => c === m.fromClan)) out.doneThenMoved++;
    else if (used.length >= 1 && used.length <= 3) out.partThenMoved++;
  }
  return out;
}

/** How far past the range the moves must reach for its returns to be seen. */
export const HARD_CASES_AFTER = RETURN_WITHIN;
