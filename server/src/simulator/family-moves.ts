import { DAY, HOUR, MINUTE } from './calendar.js';
import { rand } from './random.js';
import type { SimPlayer } from './roster.js';

/** A clan of the simulated family as the move model sees it. */
export interface MoveClan {
  tag: string;
  /** the most members its own roster ever has at once (long-standing members plus every slot) */
  capacity: number;
}

/** A player who may move: a long-standing member of a family clan, never its leader. */
export interface Mover {
  player: SimPlayer;
  home: string;
}

/** One move: the player leaves `from` at `leftAt` and joins `to` at `joinedAt` (later; sometimes days later). */
export interface Move {
  playerTag: string;
  from: string;
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

/** A clan holds at most 50 members (the game's cap). */
export const CLAN_CAP = 50;
/** Moves are played out from here on (well before anything the simulator serves). */
const MOVES_FROM_DAY = Date.UTC(2025, 0, 1) / DAY;
/** At most this many moves a day; `rate` spreads over them. */
const PER_DAY = 4;

/**
 * Promotions (a feeder to the main clan) and demotions (the main clan to a feeder) of a family, played out day by
 * day from a fixed start, so they are a pure function of the seed whatever is asked first. A clan accepts a move
 * only while its own roster's capacity plus the players moved in (even those still on their way) minus those moved
 * out stays within 50: a full main clan promotes only after it demoted.
 */
export class FamilyMoves {
  private readonly moves: Move[] = [];
  private readonly byPlayer = new Map<string, Move[]>();
  private readonly into = new Map<string, Move[]>();
  /** clan each mover was last sent to, and until when they are on their way there */
  private readonly assigned = new Map<string, string>();
  private readonly arriving = new Map<string, number>();
  private readonly net = new Map<string, number>();
  private nextDay = MOVES_FROM_DAY;

  constructor(
    private readonly seed: number,
    /** the main clan first */
    private readonly clans: readonly MoveClan[],
    private readonly movers: readonly Mover[],
    /** expected moves per day in the whole family (at most 4) */
    private readonly rate: number,
    /** a player out of every clan for a while (a hop) does not move meanwhile */
    private readonly isAway: (tag: string, t: number) => boolean,
  ) {
    for (const m of movers) this.assigned.set(m.player.tag, m.home);
    for (const c of clans) this.net.set(c.tag, 0);
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
    let n = all.length;
    while (n > 0 && all[n - 1]!.leftAt >= until) n--;
    return all.slice(0, n);
  }

  /** The player's moves that left before `until`. */
  movesOf(tag: string, until: number): Move[] {
    this.ensure(until);
    return (this.byPlayer.get(tag) ?? []).filter((m) => m.leftAt < until);
  }

  /** The player's stints up to `until`, starting with `first` (their own roster's). */
  stints(tag: string, first: Stint, until: number): Stint[] {
    const out: Stint[] = [];
    let current = first;
    for (const m of this.movesOf(tag, until)) {
      out.push({ ...current, to: m.leftAt });
      current = { clanTag: m.to, from: m.joinedAt, to: null, byMove: true };
    }
    out.push(current);
    return out;
  }

  private playDay(day: number): void {
    if (this.rate <= 0 || this.clans.length < 2) return;
    const starts: { i: number; at: number }[] = [];
    for (let i = 0; i < PER_DAY; i++) {
      if (rand(this.seed, 'move', day, i) >= this.rate / PER_DAY) continue;
      starts.push({ i, at: day * DAY + Math.floor(rand(this.seed, 'move-at', day, i) * 86_400) * 1000 });
    }
    starts.sort((a, b) => a.at - b.at);
    for (const { i, at } of starts) this.tryMove(day, i, at);
  }

  private tryMove(day: number, i: number, leftAt: number): void {
    const r = (...parts: (string | number)[]) => rand(this.seed, 'move', day, i, ...parts);
    const [main, ...feeders] = this.clans;
    const net = (c: MoveClan) => this.net.get(c.tag)!;
    // The further the main clan is below its capacity, the likelier a promotion.
    const promote = r('promote') < Math.min(0.9, 0.5 - 0.1 * net(main!));
    const jitter = (c: MoveClan) => net(c) + 3 * r('feeder', c.tag);
    const feeder = [...feeders].sort((a, b) => (promote ? jitter(b) - jitter(a) : jitter(a) - jitter(b)))[0]!;
    const [from, to] = promote ? [feeder, main!] : [main!, feeder];
    if (to.capacity + net(to) + 1 > CLAN_CAP) return;
    const joinedAt = leftAt + this.gap(r('gap'), r('gap-length'));
    const candidates = this.movers.filter(
      (m) =>
        this.assigned.get(m.player.tag) === from.tag &&
        (this.arriving.get(m.player.tag) ?? 0) <= leftAt &&
        !this.isAway(m.player.tag, leftAt) &&
        !this.isAway(m.player.tag, joinedAt),
    );
    if (candidates.length === 0) return;
    // Of two players drawn, a promotion takes the more active, a demotion the less active.
    const a = candidates[Math.floor(r('pick-a') * candidates.length)]!.player;
    const b = candidates[Math.floor(r('pick-b') * candidates.length)]!.player;
    const player = promote === a.activity >= b.activity ? a : b;
    const move: Move = { playerTag: player.tag, from: from.tag, to: to.tag, leftAt, joinedAt };
    this.moves.push(move);
    this.byPlayer.set(player.tag, [...(this.byPlayer.get(player.tag) ?? []), move]);
    this.into.set(to.tag, [...(this.into.get(to.tag) ?? []), move]);
    this.assigned.set(player.tag, to.tag);
    this.arriving.set(player.tag, joinedAt);
    this.net.set(from.tag, net(from) - 1);
    this.net.set(to.tag, net(to) + 1);
  }

  /** Minutes to hours between leaving and joining; one move in six takes more than a day. */
  private gap(kind: number, length: number): number {
    const ms = kind < 1 / 6 ? DAY + length * 36 * HOUR : 2 * MINUTE + length ** 2 * 20 * HOUR;
    return Math.floor(ms / 1000) * 1000;
  }
}
