/** Dates as the clan's war calendar shows them (New York, like the week titles). */
const instant = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
/** A calendar day ("2026-11-03") is the same day everywhere: formatted as written. */
const civil = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** "2026-10-20T10:00:00.000Z" → "Oct 20, 2026" */
export function formatInstant(iso: string): string {
  return instant.format(new Date(iso));
}

/** "2026-11-03" → "Nov 3, 2026" */
export function formatDay(day: string): string {
  return civil.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-11-03", "2026-11-09" → "Nov 3, 2026 – Nov 9, 2026"; one day when both are the same. */
export function formatDayRange(startsOn: string, endsOn: string): string {
  return startsOn === endsOn ? formatDay(startsOn) : `${formatDay(startsOn)} – ${formatDay(endsOn)}`;
}
