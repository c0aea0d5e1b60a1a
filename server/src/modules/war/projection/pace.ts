import type { ProjectionClan, ProjectionInput } from './types.js';

/** One clan's expected medals: the rest of today and each later battle day, each with its spread. */
export interface Pace {
  tag: string;
  /** medals still to come today: the decks it usually plays and has not yet */
  rest: { mid: number; sd: number };
  /** medals on a later full battle day; `samples` are the days it is drawn from (weighted), when enough */
  day: { mid: number; sd: number; samples: readonly DaySample[] };
  /** the boat's gain from surviving defenses on a day it places (normal week) */
  defense: number;
  /** medals per deck this week; null before it has played enough */
  perDeck: number | null;
  /** decks it usually plays a day; null when nothing says */
  decksPerDay: number | null;
}

export interface DaySample {
  value: number;
  weight: number;
}

/** Below this many days a day is drawn around the mean, not from the days themselves. */
export const MIN_SAMPLES_TO_DRAW = 3;

/** Each day back weighs this share of the day after it: the newest days say most about the next. */
const DECAY = 0.85;
/** This week's closed days count this many times a day of an earlier week of the same age. */
const WEEK_WEIGHT = 3;
/** Days of earlier weeks read (two weeks). */
const HISTORY_DAYS = 8;
/** How much faster than an even spread over the day a clan may still play its decks. */
const CATCH_UP = 1.5;
/** Fewer decks than this say little about a clan's medals per deck. */
const MIN_DECKS_FOR_PACE = 20;
/** The least spread a day's medals are given: a share of the day and a flat part. */
const MIN_SD_SHARE = 0.05;
/** With fewer days than it takes to draw from them, a day is given this share of spread. */
const FEW_SAMPLES_SHARE = 0.1;
const MIN_SD_MEDALS = 400;

function weightedStats(samples: readonly DaySample[]): { mean: number; sd: number } | null {
  const total = samples.reduce((n, s) => n + s.weight, 0);
  if (total === 0) return null;
  const mean = samples.reduce((n, s) => n + s.value * s.weight, 0) / total;
  const variance = samples.reduce((n, s) => n + s.weight * (s.value - mean) ** 2, 0) / total;
  return { mean, sd: Math.sqrt(variance) };
}

function spread(mid: number, sd: number, samples: number): number {
  // A clan that has never played stays at nothing; a clan of few days gets at least a tenth of a day.
  if (mid <= 0) return sd;
  const floor = Math.max(MIN_SD_SHARE * mid, MIN_SD_MEDALS);
  const few = samples < MIN_SAMPLES_TO_DRAW ? FEW_SAMPLES_SHARE * mid : 0;
  return Math.max(sd, floor, few);
}

/** A clan's pace from its closed days this week, its earlier weeks and today's play so far (pure). */
export function paceOf(clan: ProjectionClan, input: ProjectionInput): Pace {
  const week = input.weekDays.get(clan.tag) ?? [];
  const history = (input.history.get(clan.tag) ?? []).slice(-HISTORY_DAYS);
  const samples = [
    ...history.map((value, i) => ({ value, weight: DECAY ** (history.length - i + week.length - 1) })),
    ...week.map((d, i) => ({ value: d.medals, weight: WEEK_WEIGHT * DECAY ** (week.length - 1 - i) })),
  ];
  const perDeck = clan.decksUsed >= MIN_DECKS_FOR_PACE ? clan.medals / clan.decksUsed : null;
  const decksBefore = clan.decksUsed - clan.decksUsedToday;
  let decksPerDay: number | null = null;
  if (week.length > 0) decksPerDay = decksBefore / week.length;
  const stats = weightedStats(samples);
  if (decksPerDay === null && stats && perDeck) decksPerDay = stats.mean / perDeck;
  // Nothing closed and no history: today's play so far, carried to the close.
  const liveDay = input.dayElapsed > 0.05 ? clan.periodPoints / input.dayElapsed : clan.periodPoints;
  const todayDecks = input.dayElapsed > 0.05 ? clan.decksUsedToday / input.dayElapsed : clan.decksUsedToday;
  const dayMid = stats?.mean ?? (perDeck !== null ? perDeck * todayDecks : liveDay);
  const daySd = spread(dayMid, stats?.sd ?? 0, samples.length);

  const todayMedals = todaySoFar(clan, input, perDeck);
  let rest: number;
  if (perDeck !== null && decksPerDay !== null) {
    // Its usual decks still to play, but no more than the time left allows: a clan idle late in the day has stopped.
    const byTime = decksPerDay * (1 - input.dayElapsed) * CATCH_UP;
    rest = Math.min(Math.max(0, decksPerDay - clan.decksUsedToday), byTime) * perDeck;
  } else rest = Math.max(0, dayMid - todayMedals) * (1 - input.dayElapsed);
  const restShare = dayMid > 0 ? Math.min(1, rest / dayMid) : 1 - input.dayElapsed;
  const defenses = week.filter((d) => d.medals > 0).map((d) => d.defense);
  return {
    tag: clan.tag,
    rest: { mid: rest, sd: daySd * restShare },
    day: { mid: dayMid, sd: daySd, samples: samples.length >= MIN_SAMPLES_TO_DRAW ? samples : [] },
    defense: defenses.length ? defenses.reduce((a, b) => a + b, 0) / defenses.length : 0,
    perDeck,
    decksPerDay,
  };
}

/** Today's medals so far: the day's points (normal week), or today's decks at the week's pace (colosseum). */
function todaySoFar(clan: ProjectionClan, input: ProjectionInput, perDeck: number | null): number {
  if (input.mode === 'normal') return clan.periodPoints;
  return perDeck === null ? 0 : clan.decksUsedToday * perDeck;
}
