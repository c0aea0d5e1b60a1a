import type { ResetPrediction } from '../war/reset-prediction.js';

/**
 * The instants reminders are due before a predicted reset: one per offset (minutes), on the whole
 * minute, the ones still ahead of `now`, earliest first (docs/reminders.md "When reminders go out").
 */
export function reminderTimes(
  prediction: ResetPrediction | null,
  offsetsMinutes: readonly number[],
  now: Date,
): Date[] {
  if (!prediction) return [];
  return offsetsMinutes
    .map((m) => new Date(Math.floor((prediction.at.getTime() - m * 60_000) / 60_000) * 60_000))
    .filter((t) => t.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
}

/** "5 h 58 min", "1 h", "25 min" (never negative). */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Offsets in words: "6 h and 1 h before the predicted reset". */
export function describeOffsets(offsetsMinutes: readonly number[]): string {
  if (offsetsMinutes.length === 0) return 'No reminders are set.';
  const words = [...offsetsMinutes].sort((a, b) => b - a).map((m) => formatSpan(m * 60_000));
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
  return `${list} before the predicted war reset, on battle days.`;
}
