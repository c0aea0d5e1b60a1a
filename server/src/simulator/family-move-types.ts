import type { SimCalendar } from './calendar.js';
import type { Occupancy } from './family-occupancy.js';
import type { SimPlayer } from './roster.js';

/** A clan of the simulated family as the move model sees it. */
export interface MoveClan {
  tag: string;
  /** the most members its own roster ever has at once (long-standing members plus every slot) */
  capacity: number;
}

/** A player who may move: a long-standing member of a family clan other than its leader, or one a test moves. */
export interface Mover {
  player: SimPlayer;
  home: string;
}

/** One move: the player leaves `from` at `leftAt` and joins `to` (the same clan: a rejoin) at `joinedAt`, later. */
export interface Move {
  playerTag: string;
  from: string;
  to: string;
  leftAt: number;
  joinedAt: number;
}

/** A move a test asks for: out of whichever clan the player is in at `leftAt`, into `to` at `joinedAt`. */
export interface ScriptedMove {
  playerTag: string;
  to: string;
  leftAt: number;
  joinedAt: number;
}

/** A stretch of time in one clan: [from, to), to null while it lasts. */
export interface Stint {
  clanTag: string;
  from: number;
  to: number | null;
  /** begun by a move (the player joined as a plain member), not the player's first stint in the family */
  byMove: boolean;
}

/** One chance of a move on a day: a day's chances are tried in time order, each seeing what came before it. */
export interface Attempt {
  at: number;
  run: () => void;
}

/** What the move generators read and write while a day is played out. */
export interface MoveDesk {
  readonly seed: number;
  readonly clans: readonly MoveClan[];
  readonly calendar: SimCalendar;
  readonly occupancy: Occupancy;
  isAway(tag: string, t: number): boolean;
  /** Long-standing players of `from` settled there since `settledBy`, free and not away at each of `times`. */
  candidates(from: string, settledBy: number, times: readonly number[]): SimPlayer[];
  /** Records one player's trip: one move, or several in time order. */
  commit(trip: readonly Move[]): void;
}

export interface MoveSettings {
  seed: number;
  /** the main clan first */
  clans: readonly MoveClan[];
  /** the long-standing players the generators may move */
  movers: readonly Mover[];
  /** expected plain moves per day in the whole family (at most 4) */
  rate: number;
  /** the hard profile on top (family-hard-moves.ts) */
  hard: boolean;
  calendar: SimCalendar;
  /** a player out of every clan for a while (a hop, an absence) is not moved meanwhile */
  isAway: (tag: string, t: number) => boolean;
}
