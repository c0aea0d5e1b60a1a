import { createRequire } from 'node:module';
import { Cron } from 'croner';
import { CRON_MAX_LENGTH } from '#contracts/admin-scripts';

/**
 * Shortest gap allowed between two runs of one schedule (SEC-JOB-01): every script calls the
 * Clash Royale API, and the inactive-players window polls every 3 minutes for 80 minutes.
 */
export const MIN_INTERVAL_MINUTES = 5;

/** How many upcoming runs the interval rule inspects; a cron is a cross product, so a day shows it. */
const INTERVAL_SAMPLE = 300;

/**
 * One parser for the scheduler and for validation (SEC-JOB-01). Fixed-time policy is
 * docs/decisions/007-dst-policy.md: `no-wildcard` so a list such as `30 1,13` does not run twice on
 * the fall-back day (docs/decisions/007-dst-policy.md).
 */
export function makeCron(pattern: string, timezone: string): Cron {
  return new Cron(pattern, { timezone, paused: true, fixedTimeRule: 'no-wildcard' });
}

export type ScheduleCheck = { ok: true; pattern: string } | { ok: false; error: string };

export function validateSchedule(text: string, timezone: string, now: Date): ScheduleCheck {
  const pattern = text.trim().replace(/\s+/g, ' ');
  if (pattern.length === 0) return { ok: false, error: 'Enter a cron expression such as "0 10 * * 1".' };
  if (pattern.length > CRON_MAX_LENGTH)
    return { ok: false, error: `A cron expression is at most ${CRON_MAX_LENGTH} characters.` };
  if (!/^[0-9A-Za-z*,/\-?#]+( [0-9A-Za-z*,/\-?#]+)*$/.test(pattern)) {
    return { ok: false, error: 'A cron expression may only use digits, names, spaces and * , / - ? # L W.' };
  }
  const fields = pattern.split(' ').length;
  if (fields !== 5) {
    return {
      ok: false,
      error: `A cron expression needs exactly 5 fields (minute hour day-of-month month day-of-week); "${pattern}" has ${fields}.`,
    };
  }
  let cron: Cron;
  try {
    cron = makeCron(pattern, timezone);
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^CronPattern: /, '') : 'it could not be read';
    return { ok: false, error: `"${pattern}" is not a valid cron expression: ${reason}.` };
  }
  const upcoming = cron.nextRuns(INTERVAL_SAMPLE, now);
  if (upcoming.length === 0) return { ok: false, error: `"${pattern}" never runs.` };
  for (let i = 1; i < upcoming.length; i++) {
    const gap = upcoming[i]!.getTime() - upcoming[i - 1]!.getTime();
    if (gap < MIN_INTERVAL_MINUTES * 60_000) {
      return {
        ok: false,
        error: `"${pattern}" runs more often than every ${MIN_INTERVAL_MINUTES} minutes; choose a longer interval.`,
      };
    }
  }
  return { ok: true, pattern };
}

export function nextOccurrences(pattern: string, timezone: string, after: Date, count: number): Date[] {
  return makeCron(pattern, timezone).nextRuns(count, after);
}

/** The newest occurrence strictly before `before`, or null. */
export function previousOccurrence(pattern: string, timezone: string, before: Date): Date | null {
  return makeCron(pattern, timezone).previousRuns(1, before)[0] ?? null;
}

/** "Mon, Nov 2, 2026, 10:00 AM EST": wall-clock time with the zone's abbreviation. */
export function formatInZone(date: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

let cronstrue: typeof import('cronstrue') | undefined;

/** The schedule in words (cronstrue), e.g. "At 05:55 AM". */
export function describeSchedule(pattern: string): string {
  try {
    // Loaded on the first description (the admin's script list), not at start (docs/decisions/073-live-memory.md).
    cronstrue ??= createRequire(import.meta.url)('cronstrue') as typeof import('cronstrue');
    return cronstrue.toString(pattern, { use24HourTimeFormat: false, verbose: false });
  } catch {
    return pattern;
  }
}
