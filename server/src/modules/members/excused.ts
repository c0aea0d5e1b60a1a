/** Excused absences (docs/decisions/081-excused-absences.md): pure rules, no I/O. */

export const ABSENCE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];

export interface Absence {
  id: number;
  playerTag: string;
  /** YYYY-MM-DD (UTC calendar date), inclusive */
  startsOn: string;
  /** YYYY-MM-DD (UTC calendar date), inclusive */
  endsOn: string;
  reason: string | null;
  status: AbsenceStatus;
  /** `discord:<user id>` or `admin` */
  requestedBy: string;
  decidedBy: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** Longest absence one request may cover. */
export const MAX_ABSENCE_DAYS = 62;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant: the date a battle day's reset fell on, for `isExcused`. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * True when an approved absence of these covers the battle day that began (its reset) on the UTC
 * calendar date `battleDayStartDateUtc` (YYYY-MM-DD): starts_on ≤ date ≤ ends_on. Pending and
 * rejected absences excuse nothing. Pass one player's absences.
 */
export function isExcused(
  absences: readonly Pick<Absence, 'startsOn' | 'endsOn' | 'status'>[],
  battleDayStartDateUtc: string,
): boolean {
  return absences.some(
    (a) => a.status === 'approved' && a.startsOn <= battleDayStartDateUtc && battleDayStartDateUtc <= a.endsOn,
  );
}

/** The approved absence covering that date, for its reason ("excused: holiday"); null when none does. */
export function excuseFor<A extends Pick<Absence, 'startsOn' | 'endsOn' | 'status'>>(
  absences: readonly A[],
  battleDayStartDateUtc: string,
): A | null {
  return (
    absences.find(
      (a) => a.status === 'approved' && a.startsOn <= battleDayStartDateUtc && battleDayStartDateUtc <= a.endsOn,
    ) ?? null
  );
}

/** What excused a player's battle day: the approved absence's reason, and who approved it, when. */
export interface Excuse {
  reason: string | null;
  /** `discord:<user id>` or `admin` */
  approvedBy: string | null;
  approvedAt: string | null;
}

/**
 * Excuses are read whenever a day is shown, never stored with its report (docs/war-tracking.md §5): an absence approved
 * after the day's report excuses the day in every view at once, and one withdrawn stops excusing it. A day a member
 * used all their decks on stays 'ok'.
 */
export function withExcuses<P extends { tag: string; status: string }>(
  players: readonly P[],
  excuses: ReadonlyMap<string, Excuse>,
): (P | (P & { status: 'excused'; excuse: string | null; excusedBy: string | null; excusedAt: string | null }))[] {
  return players.map((p) => {
    const e = p.status === 'ok' ? undefined : excuses.get(p.tag);
    return e ? { ...p, status: 'excused', excuse: e.reason, excusedBy: e.approvedBy, excusedAt: e.approvedAt } : p;
  });
}

/** Each player's excuse for the battle day whose reset fell on the UTC date `date`, from approved absences. */
export function excusesOn(absences: readonly Absence[], date: string): Map<string, Excuse> {
  const out = new Map<string, Excuse>();
  for (const a of absences) {
    if (out.has(a.playerTag) || !isExcused([a], date)) continue;
    out.set(a.playerTag, { reason: a.reason, approvedBy: a.decidedBy, approvedAt: a.decidedAt });
  }
  return out;
}

/** The UTC dates each player's approved absences cover within [from, to] (YYYY-MM-DD, inclusive). */
export function coveredDates(absences: readonly Absence[], from: string, to: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const a of absences) {
    if (a.status !== 'approved') continue;
    const dates = out.get(a.playerTag) ?? new Set<string>();
    const last = a.endsOn < to ? a.endsOn : to;
    for (let t = Date.parse(a.startsOn < from ? from : a.startsOn); utcDate(new Date(t)) <= last; t += DAY_MS)
      dates.add(utcDate(new Date(t)));
    out.set(a.playerTag, dates);
  }
  return out;
}

/** A real calendar date written YYYY-MM-DD, or null. */
export function parseDate(text: string): string | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return utcDate(d) === m[0] ? m[0] : null;
}

/**
 * Checks an absence's dates as a leader would: real dates, the end not before the start, at most
 * MAX_ABSENCE_DAYS days, and not ended more than 30 days before `today` (a late excuse for last
 * week is fine; last year's is a typo). Returns the problem in words, or the dates.
 */
export function checkAbsenceDates(
  from: string,
  to: string,
  today: string,
): { ok: true; startsOn: string; endsOn: string } | { ok: false; problem: string } {
  const startsOn = parseDate(from);
  const endsOn = parseDate(to);
  if (!startsOn || !endsOn) return { ok: false, problem: 'Dates are written YYYY-MM-DD, for example 2026-12-24.' };
  if (endsOn < startsOn) return { ok: false, problem: 'The last day comes before the first day.' };
  const days = (Date.parse(endsOn) - Date.parse(startsOn)) / DAY_MS + 1;
  if (days > MAX_ABSENCE_DAYS) return { ok: false, problem: `An absence covers at most ${MAX_ABSENCE_DAYS} days.` };
  if ((Date.parse(today) - Date.parse(endsOn)) / DAY_MS > 30) {
    return { ok: false, problem: 'That absence ended more than 30 days ago.' };
  }
  return { ok: true, startsOn, endsOn };
}
