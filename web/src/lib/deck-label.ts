import type { MemberDay } from '#contracts/member-page';
import type { DayDecksView } from '#contracts/war-insights';

/** Decks a player can use on one battle day (docs/war-tracking.md). */
export const DECKS_PER_DAY = 4;

/** One battle day as the War report (admin) or a member's page (public) shows it. */
export type HeatmapDay = DayDecksView | MemberDay;

/** The day says nothing about the player's decks. */
const silent = (d: HeatmapDay) =>
  d.note === 'not-reported' || d.note === 'not-in-clan' || d.decksUsed === null || d.decksUsedMax === null;

/**
 * The accessible label of one heatmap cell (docs/war-insights.md): "Battle day 2: 3 of 4 decks";
 * a range a missing snapshot leaves open reads "Battle day 3: 1 to 2 of 4 decks (uncertain)".
 */
export function deckLabel(d: HeatmapDay): string {
  const head = `Battle day ${d.day}`;
  if (d.note === 'not-in-clan') return `${head}: not in the clan`;
  if (silent(d)) return `${head}: not reported`;
  const used = d.decksUsed ?? 0;
  const max = d.decksUsedMax ?? used;
  const range = max > used;
  const base = `${head}: ${range ? `${used} to ${max}` : used} of ${DECKS_PER_DAY} decks`;
  if (d.note === 'race-finished') return `${base} (race already finished, not counted)`;
  if (d.note === 'joined') return `${base} (joined that day, not counted)`;
  if (d.note === 'untracked') return `${base} (not tracked at the day's start, not counted)`;
  if (d.note === 'excused') return `${base} (excused, not counted)`;
  if (range || d.note === 'uncertain') return `${base} (uncertain)`;
  return base;
}

/** The short text inside a cell: "3", "1–2", "–". */
export function deckCellText(d: HeatmapDay): string {
  if (silent(d)) return '–';
  const used = d.decksUsed ?? 0;
  const max = d.decksUsedMax ?? used;
  return max > used ? `${used}–${max}` : `${used}`;
}

/** The cell's colour: red to green by the decks certainly used; grey when it does not count. */
export function deckCellClass(d: HeatmapDay): string {
  if (d.note === 'not-in-clan') return 'border border-dashed border-white/20 text-slate-400';
  if (silent(d)) return 'bg-ink-800 text-slate-400';
  if (d.note === 'race-finished' || d.note === 'joined' || d.note === 'untracked' || d.note === 'excused')
    return 'bg-slate-600/40 text-slate-200';
  const used = d.decksUsed ?? 0;
  if ((d.decksUsedMax ?? used) > used || d.note === 'uncertain')
    return 'bg-[repeating-linear-gradient(135deg,rgba(148,163,184,0.35)_0_4px,rgba(148,163,184,0.12)_4px_8px)] text-white';
  if (used >= DECKS_PER_DAY) return 'bg-emerald-500/80 text-ink-950';
  if (used === 3) return 'bg-lime-400/80 text-ink-950';
  if (used >= 1) return 'bg-amber-400/80 text-ink-950';
  return 'bg-red-500/85 text-white';
}
