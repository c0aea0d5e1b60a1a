import { formatSpan } from '../reminders/reminder-times.js';
import { battleDayOf, weekNumber } from '../war/calendar.js';
import { discordName } from '../war/discord-text.js';
import type { ResetPrediction } from '../war/reset-prediction.js';
import type { BattleDay, RiverRaceSnapshot } from '../war/types.js';
import type { Absence } from '../members/excused.js';

/** /me (docs/discord.md): pure texts from the stored rows. */

export const WEEKS_SHOWN = 4;

export interface StoredDay {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  decksUsed: number;
  decksUsedMax: number;
}

/** Today's decks as the newest snapshot shows them: null when the snapshot says there is no war today. */
export function decksLeftInSnapshot(
  snapshot: RiverRaceSnapshot,
  tag: string,
): { used: number; left: number } | { none: string } {
  if (battleDayOf(snapshot.periodIndex) === null) return { none: 'a training day: no war decks today' };
  if (snapshot.finishTime !== null) return { none: 'the clan has finished this week’s race' };
  const used = Math.min(4, snapshot.participants.find((p) => p.tag === tag)?.decksUsedToday ?? 0);
  return { used, left: 4 - used };
}

/** "S137 W2: 4 · 4 · 3 · 0" per week, newest first; a day not reported shows "–". */
export function weeksLines(days: readonly StoredDay[]): string[] {
  const weeks = new Map<string, StoredDay[]>();
  for (const d of days) {
    const key = `${d.seasonId}/${d.sectionIndex}`;
    weeks.set(key, [...(weeks.get(key) ?? []), d]);
  }
  return [...weeks.values()]
    .sort((a, b) => b[0]!.seasonId - a[0]!.seasonId || b[0]!.sectionIndex - a[0]!.sectionIndex)
    .slice(0, WEEKS_SHOWN)
    .map((week) => {
      const cells = ([1, 2, 3, 4] as const).map((day) => {
        const d = week.find((x) => x.day === day);
        if (!d) return '–';
        return d.decksUsed === d.decksUsedMax ? `${d.decksUsed}` : `${d.decksUsed}–${d.decksUsedMax}`;
      });
      return `Season ${week[0]!.seasonId} · Week ${weekNumber(week[0]!.sectionIndex)}: ${cells.join(' · ')}`;
    });
}

export function absenceLine(a: Pick<Absence, 'startsOn' | 'endsOn' | 'reason' | 'status'>): string {
  const dates = a.startsOn === a.endsOn ? a.startsOn : `${a.startsOn} to ${a.endsOn}`;
  return `${dates}${a.reason ? ` (${discordName(a.reason)})` : ''}${a.status === 'pending' ? ' (waiting for a leader)' : ''}`;
}

export interface MeSection {
  tag: string;
  /** null while no roster or snapshot named the player */
  name: string | null;
  days: StoredDay[];
  absences: Absence[];
}

/**
 * Where the war day stands for /me: the newest snapshot's day, unless the reset predicted after it is already past,
 * in which case a new day has (most likely) begun and nobody has played in it yet as far as ClanOps knows.
 */
function dayAfterReset(snapshot: RiverRaceSnapshot, prediction: ResetPrediction | null, now: Date): Date | null {
  if (!prediction) return null;
  const due = prediction.at.getTime();
  return snapshot.takenAt.getTime() < due - prediction.margin && now.getTime() >= due ? prediction.at : null;
}

/** The next reset from now: the predicted one, or the day after it once it has passed. */
function resetLine(prediction: ResetPrediction | null, now: Date): string {
  if (!prediction) return 'Too few resets observed yet to predict the next one.';
  let at = prediction.at.getTime();
  while (at <= now.getTime()) at += 86_400_000;
  return `Next war reset in about ${formatSpan(at - now.getTime())} (± ${formatSpan(prediction.margin)}).`;
}

/** The whole /me answer for one Discord user. */
export function meText(input: {
  sections: readonly MeSection[];
  snapshot: RiverRaceSnapshot | null;
  prediction: ResetPrediction | null;
  now: Date;
}): string {
  const { snapshot, prediction, now } = input;
  const reset = resetLine(prediction, now);
  const asOf = snapshot
    ? `war data checked ${formatSpan(now.getTime() - snapshot.takenAt.getTime())} ago`
    : 'no war snapshot stored yet';
  const newDay = snapshot ? dayAfterReset(snapshot, prediction, now) : null;
  const parts = input.sections.map((s) => {
    const lines = [s.name === null ? `**${s.tag}**` : `**${discordName(s.name)}** (${s.tag})`];
    if (snapshot && newDay) {
      const next = battleDayOf(snapshot.periodIndex + 1);
      const at = newDay.toISOString().slice(11, 16);
      lines.push(
        next === null
          ? `Today: a new day began at about ${at} UTC, a training day: no war decks today.`
          : `Decks left today: **4 of 4**: battle day ${next} began at about ${at} UTC (the next war check confirms it).`,
      );
    } else if (snapshot) {
      const today = decksLeftInSnapshot(snapshot, s.tag);
      lines.push(
        'none' in today
          ? `Today: ${today.none} (${asOf}).`
          : `Decks left today: **${today.left} of 4** (${today.used} used, ${asOf}).`,
      );
      const fame = snapshot.participants.find((p) => p.tag === s.tag)?.fame ?? 0;
      lines.push(`Fame this week: ${fame}.`);
    } else {
      lines.push(`Today: ${asOf}.`);
    }
    const weeks = weeksLines(s.days);
    lines.push(
      weeks.length > 0
        ? `Last ${weeks.length === 1 ? 'week' : `${weeks.length} weeks`} (decks per battle day 1–4):\n${weeks.map((w) => `- ${w}`).join('\n')}`
        : 'No reported battle day yet.',
    );
    if (s.absences.length > 0) lines.push(`Excused: ${s.absences.map(absenceLine).join('; ')}.`);
    return lines.join('\n');
  });
  return [...parts, reset].join('\n\n');
}
