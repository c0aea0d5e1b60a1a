import { DAY, type SimCalendar } from './calendar.js';
import { hardAttempts } from './family-hard-moves.js';
import type { Move, MoveClan, MoveDesk, Mover, MoveSettings, ScriptedMove, Stint } from './family-move-types.js';
import { Occupancy } from './family-occupancy.js';
import { plainAttempts } from './family-plain-moves.js';
import type { SimPlayer } from './roster.js';

/** Moves are played out from here on (well before anything the simulator serves). */
export const MOVES_FROM = Date.UTC(2025, 0, 1);

/**
 * A family's moves, played out UTC day by day from a fixed start so they are a pure function of the seed and of the
 * moves tests script, whatever is asked first. Each day's chances (plain moves, the hard profile's, a test's
 * itinerary beginning that day) are tried in time order against the clans' occupancy. A scripted move replays
 * everything from the start, so the moves after it are the ones its new occupancy allows.
 */
export class FamilyMoves implements MoveDesk {
  private moves: Move[] = [];
  private byPlayer = new Map<string, Move[]>();
  private into = new Map<string, Move[]>();
  occupancy: Occupancy;
  private nextDay = MOVES_FROM / DAY;
  private readonly players: Map<string, Mover>;
  private readonly scripted = new Map<string, ScriptedMove[]>();
  private refused: string | null = null;

  constructor(private readonly settings: MoveSettings) {
    this.players = new Map(settings.movers.map((m) => [m.player.tag, m]));
    this.occupancy = new Occupancy(settings.clans, this.players);
  }

  get seed(): number {
    return this.settings.seed;
  }

  get clans(): readonly MoveClan[] {
    return this.settings.clans;
  }

  get calendar(): SimCalendar {
    return this.settings.calendar;
  }

  isAway(tag: string, t: number): boolean {
    return this.settings.isAway(tag, t);
  }

  /** Every move that left before `t` is known after this. */
  private ensure(t: number): void {
    const last = Math.floor(t / DAY);
    while (this.nextDay <= last) this.playDay(this.nextDay++);
  }

  /** The moves whose player left in [from, to), in time order. */
  between(from: number, to: number): Move[] {
    this.ensure(to);
    return this.moves.filter((m) => m.leftAt >= from && m.leftAt < to);
  }

  /** The moves into `clanTag` whose player left before `until`, in time order. */
  movesInto(clanTag: string, until: number): Move[] {
    this.ensure(until);
    const all = this.into.get(clanTag) ?? [];
    return all.slice(0, leftBefore(all, until));
  }

  /** The player's moves that left before `until`. */
  movesOf(tag: string, until: number): Move[] {
    this.ensure(until);
    const all = this.byPlayer.get(tag) ?? [];
    return all.slice(0, leftBefore(all, until));
  }

  /** The player's stints known at `until` that last past `since`, starting with `first` (their own roster's). */
  stints(tag: string, first: Stint, until: number, since = -Infinity): Stint[] {
    this.ensure(until);
    const all = this.byPlayer.get(tag) ?? [];
    const n = leftBefore(all, until);
    const out: Stint[] = [];
    for (let k = leftBefore(all, since + 1); k <= n; k++) {
      const m = all[k - 1];
      const stint: Stint = m ? { clanTag: m.to, from: m.joinedAt, to: null, byMove: true } : first;
      out.push(k < n ? { ...stint, to: all[k]!.leftAt } : stint);
    }
    return out;
  }

  /**
   * Adds a test's move and replays the family's moves from the start; throws, changing nothing, when it overlaps the
   * player's other scripted moves or a clan of the player's scripted trip has no room when it begins.
   */
  script(mover: Mover, move: ScriptedMove): void {
    const tag = move.playerTag;
    const before = this.scripted.get(tag);
    const legs = [...(before ?? []), move].sort((a, b) => a.leftAt - b.leftAt);
    for (let k = 1; k < legs.length; k++)
      if (legs[k]!.leftAt < legs[k - 1]!.joinedAt)
        throw new Error(
          `Simulator: ${tag} is on the way between two clans at ${new Date(legs[k]!.leftAt).toISOString()}`,
        );
    const added = !this.players.has(tag);
    if (added) this.players.set(tag, mover);
    this.scripted.set(tag, legs);
    this.replay();
    this.ensure(Math.max(...[...this.scripted.values()].flat().map((m) => m.joinedAt)));
    const refused = this.refused;
    if (refused === null) return;
    if (before) this.scripted.set(tag, before);
    else this.scripted.delete(tag);
    if (added) this.players.delete(tag);
    this.replay();
    throw new Error(refused);
  }

  private replay(): void {
    this.moves = [];
    this.byPlayer = new Map();
    this.into = new Map();
    this.occupancy = new Occupancy(this.settings.clans, this.players);
    this.nextDay = MOVES_FROM / DAY;
    this.refused = null;
  }

  candidates(from: string, settledBy: number, times: readonly number[]): SimPlayer[] {
    const [first, last] = [Math.min(...times), Math.max(...times)];
    return this.settings.movers
      .filter(({ player: { tag } }) => {
        if (this.occupancy.clanOf(tag) !== from || this.occupancy.busyUntil(tag) > settledBy) return false;
        if (times.some((t) => this.isAway(tag, t))) return false;
        // A player a test moves is the test's over its scripted trip: nothing else moves them across it.
        const legs = this.scripted.get(tag);
        return !legs || last < legs[0]!.leftAt || first > legs.at(-1)!.joinedAt;
      })
      .map((m) => m.player);
  }

  commit(trip: readonly Move[]): void {
    for (const m of trip) {
      insertByLeaving(this.moves, m);
      insertByLeaving(this.byPlayer.get(m.playerTag) ?? this.byPlayer.set(m.playerTag, []).get(m.playerTag)!, m);
      insertByLeaving(this.into.get(m.to) ?? this.into.set(m.to, []).get(m.to)!, m);
    }
    this.occupancy.commit(trip);
  }

  private playDay(day: number): void {
    const attempts = [
      ...plainAttempts(this, day, this.settings.rate),
      ...(this.settings.hard ? hardAttempts(this, day) : []),
      ...[...this.scripted.values()]
        .filter((legs) => Math.floor(legs[0]!.leftAt / DAY) === day)
        .map((legs) => ({ at: legs[0]!.leftAt, run: () => this.playScripted(legs) })),
    ];
    attempts.sort((a, b) => a.at - b.at);
    for (const a of attempts) a.run();
  }

  /** A test's moves of one player, as one trip from wherever the player is when it begins. */
  private playScripted(legs: readonly ScriptedMove[]): void {
    const tag = legs[0]!.playerTag;
    const at = legs[0]!.leftAt;
    if (this.occupancy.busyUntil(tag) > at) {
      this.refused ??= `Simulator: ${tag} is on the way between two clans at ${new Date(at).toISOString()}`;
      return;
    }
    if (
      !this.occupancy.hasRoom(
        tag,
        legs.map((l) => l.to),
        at,
      )
    ) {
      this.refused ??= `Simulator: no room for ${tag} from ${new Date(at).toISOString()}: a clan of the trip could list more than 50`;
      return;
    }
    const from = this.occupancy.clanOf(tag);
    this.commit(
      legs.map((l, k) => ({
        playerTag: tag,
        from: k === 0 ? from : legs[k - 1]!.to,
        to: l.to,
        leftAt: l.leftAt,
        joinedAt: l.joinedAt,
      })),
    );
  }
}

/** How many of the moves (in time order) left before `t`. */
function leftBefore(list: readonly Move[], t: number): number {
  let [lo, hi] = [0, list.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.leftAt < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts a move after every move that left no later (most moves arrive in time order: appended). */
function insertByLeaving(list: Move[], move: Move): void {
  let k = list.length;
  while (k > 0 && list[k - 1]!.leftAt > move.leftAt) k--;
  list.splice(k, 0, move);
}
