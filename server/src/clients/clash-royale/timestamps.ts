/** The API's compact UTC timestamp, e.g. 20260704T162758.000Z (docs/clash-royale-api.md §5). */
const PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{1,3}))?Z$/;

/** "No time": non-finishers and colosseum clans carry it in finishTime (docs/clash-royale-api.md §5). */
export const NO_TIME = '19691231T235959.000Z';

/** Parses an API timestamp; the sentinel reads as null. Returns undefined when the text is not a timestamp. */
export function parseCrTime(text: string): Date | null | undefined {
  if (text === NO_TIME) return null;
  const m = PATTERN.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms] = m;
  const date = new Date(
    Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h),
      Number(mi),
      Number(s),
      Number((ms ?? '0').padEnd(3, '0')),
    ),
  );
  // Date.UTC rolls over (month 13 -> next year): refuse anything that did not round-trip.
  return date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d) && date.getUTCHours() === Number(h)
    ? date
    : undefined;
}

/** Formats a Date the way the API does (used by the simulator). */
export function formatCrTime(date: Date | null): string {
  if (date === null) return NO_TIME;
  return date.toISOString().replace(/[-:]/g, '');
}
