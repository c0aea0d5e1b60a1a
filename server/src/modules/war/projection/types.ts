/** The race projection's input and answer (docs/war-tracking.md "Where the race will end"). Plain values only. */

/** One clan of the live race, as the projection reads it. */
export interface ProjectionClan {
  tag: string;
  name: string;
  /** the boat (normal week) or the week's medals (colosseum) */
  fame: number;
  /** today's medals so far (normal week; 0 in colosseum) */
  periodPoints: number;
  /** when it crossed the finish line this week; null when it has not */
  finishTime: Date | null;
  /** war decks used this week, and today (each player's today capped at 4) */
  decksUsed: number;
  decksUsedToday: number;
  /** the participants' medals this week */
  medals: number;
  /** players who can still battle today: participants now in the clan, or all who played this week */
  players: number;
}

/** A closed battle day of one clan: its medals and, in a normal week, the boat's gain from defenses. */
export interface ClosedDay {
  medals: number;
  defense: number;
}

export interface ProjectionInput {
  mode: 'normal' | 'colosseum';
  /** the battle day now (1–4) */
  day: number;
  /** the reset that ends today; later closes follow a day apart */
  nextReset: Date;
  /** the part of today already gone, 0–1 (from the clock and the reset) */
  dayElapsed: number;
  clans: readonly ProjectionClan[];
  /** this week's closed battle days per clan tag, oldest first */
  weekDays: ReadonlyMap<string, readonly ClosedDay[]>;
  /** earlier weeks' battle days per clan tag (its usual medals a day), oldest first */
  history: ReadonlyMap<string, readonly number[]>;
  ourTag: string;
  /** scenarios drawn (default 400); the seed makes the answer repeatable */
  runs?: number;
  seed?: number;
}

/** low–high is the 10th–90th percentile of the scenarios, mid their median. */
export interface Range {
  low: number;
  mid: number;
  high: number;
}

export interface ClanProjection {
  tag: string;
  name: string;
  /** the projected fame after each remaining close, today's first */
  atResets: { day: number; at: string; fame: Range }[];
  /** the week's last fame: the boat (capped at the finish line) or the colosseum medals */
  final: Range;
  /** normal week: the close the clan most likely crosses at, with how sure; null when most scenarios do not */
  finish: { day: number; at: string; chance: number } | null;
  place: { mid: number; best: number; worst: number; chanceOfMid: number };
  chanceFirst: number;
  /** already over the line */
  finished: boolean;
}

/** What our clan needs to pass the clan projected just ahead (today's medals in a normal week, the week's in colosseum). */
export interface PassTarget {
  aheadTag: string;
  aheadName: string;
  medalsNeeded: number;
  decksLeft: number;
  /** decks at our own medals per deck; null when we have no pace yet */
  decksAtOurPace: number | null;
  /** win rate needed on the decks left, 0–1; null when no win rate suffices */
  winRate: number | null;
}

export interface RaceProjection {
  mode: 'normal' | 'colosseum';
  day: number;
  runs: number;
  clans: ClanProjection[];
  pass: PassTarget | null;
}
