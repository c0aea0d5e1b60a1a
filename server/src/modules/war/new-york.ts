/**
 * New York civil dates (months of weeks, the final Monday, labels). Always through Intl with
 * the IANA zone, never a fixed offset: the offset is −4 or −5 depending on DST (docs/clash-royale-api.md §7.2).
 */
export const NEW_YORK = 'America/New_York';

export interface CivilDate {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: NEW_YORK,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

export function newYorkDate(instant: Date): CivilDate {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** docs/war-tracking.md: a week belongs to the month of its end (`createdDate`) in New York time. */
export function monthOfWeekEnd(createdDate: Date): { year: number; month: number } {
  const { year, month } = newYorkDate(createdDate);
  return { year, month };
}

/** True when the instant falls on a Monday in New York and no later Monday is in that month. */
export function isFinalMondayOfMonth(instant: Date): boolean {
  const { year, month, day, weekday } = newYorkDate(instant);
  if (weekday !== 1) return false;
  const nextMonday = new Date(Date.UTC(year, month - 1, day + 7));
  return nextMonday.getUTCMonth() + 1 !== month;
}

/** The month in progress in New York at `now`. */
export function currentNewYorkMonth(now: Date): { year: number; month: number } {
  const { year, month } = newYorkDate(now);
  return { year, month };
}
