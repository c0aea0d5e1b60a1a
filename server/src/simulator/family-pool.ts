import type { SimCalendar } from './calendar.js';
import type { Move, Mover, Stint } from './family-move-types.js';
import { FamilyMoves, MOVES_FROM } from './family-moves.js';
import { Roster, type ApiRole, type SimPlayer } from './roster.js';

/** A clan of the family: the main clan first, then the feeders in the order given. */
export interface FamilyClan {
  tag: string;
  name: string;
}

export interface FamilyOptions {
  hopRate?: number;
  /** expected moves per day in the whole family (default 0.3, at most 4) */
  moveRate?: number;
  /** the hard profile on top of those moves (docs/decisions/109-hard-family-moves.md) */
  hardMoves?: boolean;
}

/** Long-standing members of a feeder (plus 5 slots): room for 15 demoted players. */
const FEEDER_CORE = 30;
export const DEFAULT_MOVE_RATE = 0.3;

/**
 * The players of a family: each clan's own roster (the main clan's is the single-clan simulator's, feeders have
 * players of their own) and the moves between clans. A long-standing member other than a clan's leader may move;
 * the players of the rotating slots join and leave their own clan only.
 */
export class FamilyPool {
  readonly rosters = new Map<string, Roster>();
  readonly moves: FamilyMoves;
  private readonly movers = new Map<string, Mover>();

  constructor(
    seed: number,
    readonly clans: readonly FamilyClan[],
    mainRoster: Roster,
    calendar: SimCalendar,
    options: FamilyOptions = {},
  ) {
    clans.forEach((c, k) => {
      const roster =
        k === 0
          ? mainRoster
          : new Roster(seed, { hopRate: options.hopRate, idPrefix: `f${k}-`, coreSize: FEEDER_CORE });
      this.rosters.set(c.tag, roster);
      for (const player of roster.core.slice(1)) this.movers.set(player.tag, { player, home: c.tag });
    });
    this.moves = new FamilyMoves({
      seed,
      clans: clans.map((c) => ({ tag: c.tag, capacity: this.rosters.get(c.tag)!.capacity })),
      movers: [...this.movers.values()],
      rate: Math.min(4, Math.max(0, options.moveRate ?? DEFAULT_MOVE_RATE)),
      hard: options.hardMoves === true,
      calendar,
      isAway: (tag, t) => this.isAbsent(tag, t),
    });
  }

  /**
   * A test's move: the player (any of the family but a clan's leader, who cannot leave before handing the clan on)
   * leaves whichever clan they are in at `leftAt` and joins `to` at `joinedAt`. A slot player stays in the family
   * until their slot's tenure ends, wherever they are then.
   */
  script(tag: string, to: string, leftAt: number, joinedAt: number): Move {
    const at = new Date(leftAt).toISOString();
    if (!this.rosters.has(to)) throw new Error(`Simulator: ${to} is not in the family`);
    if (!(joinedAt > leftAt)) throw new Error('Simulator: a move joins after it leaves');
    if (leftAt < MOVES_FROM) throw new Error(`Simulator: moves begin on ${new Date(MOVES_FROM).toISOString()}`);
    const mover = this.movers.get(tag) ?? this.slotPlayer(tag, leftAt);
    if (!mover) throw new Error(`Simulator: ${tag} is not a player of the family who may move at ${at}`);
    const { joinedAt: from, leftAt: until } = mover.player;
    if (leftAt < from || (until !== null && joinedAt >= until))
      throw new Error(`Simulator: ${tag} is not in the family from ${at} to the join`);
    this.moves.script(mover, { playerTag: tag, to, leftAt, joinedAt });
    this.movers.set(tag, mover);
    return this.moves.movesOf(tag, leftAt + 1).findLast((m) => m.leftAt === leftAt)!;
  }

  /** A rotating slot's player of some clan whose tenure covers `t`. */
  private slotPlayer(tag: string, t: number): Mover | undefined {
    for (const [home, roster] of this.rosters) {
      const player = roster.findByTag(tag, t, t + 1);
      if (player && player.leftAt !== null) return { player, home };
    }
    return undefined;
  }

  isMover(tag: string): boolean {
    return this.movers.has(tag);
  }

  /** The player as their own clan's roster made them (the one object their decks are computed for). */
  canonical(p: SimPlayer): SimPlayer {
    return this.movers.get(p.tag)?.player ?? p;
  }

  /**
   * A mover's stints known at `until` that last past `since` (none for a player who never moves); a slot player's
   * end with their tenure.
   */
  stints(tag: string, until: number, since = -Infinity): Stint[] {
    const mover = this.movers.get(tag);
    if (!mover) return [];
    const first: Stint = { clanTag: mover.home, from: mover.player.joinedAt, to: null, byMove: false };
    const all = this.moves.stints(tag, first, until, since);
    const end = mover.player.leftAt;
    if (end === null || end >= until) return all;
    return all
      .filter((s) => s.from < end && end > since)
      .map((s) => (s.to === null || s.to > end ? { ...s, to: end } : s));
  }

  /** Movers from other clans who moved into `clanTag` before `until`. */
  incoming(clanTag: string, until: number): SimPlayer[] {
    const out = new Set<SimPlayer>();
    for (const m of this.moves.movesInto(clanTag, until)) {
      const mover = this.movers.get(m.playerTag)!;
      if (mover.home !== clanTag) out.add(mover.player);
    }
    return [...out];
  }

  /** The clan a mover belongs to at `t` by their stints (null: on the way between two clans). */
  moverClanAt(tag: string, t: number): string | null {
    const stint = this.stints(tag, t + 1, t).findLast((s) => s.from <= t);
    return stint && (stint.to === null || stint.to > t) ? stint.clanTag : null;
  }

  /** The player as their own clan's roster has them, with that clan, if they were in it during [since, until). */
  locate(tag: string, since: number, until: number): { player: SimPlayer; home: string } | undefined {
    const mover = this.movers.get(tag);
    if (mover && mover.player.joinedAt < until && (mover.player.leftAt ?? Infinity) > since) return mover;
    // Long-standing members first: always there, and found without listing every slot's players of the range.
    for (const [home, roster] of this.rosters) {
      const player = roster.core.find((p) => p.tag === tag);
      if (player) return { player, home };
    }
    for (const [home, roster] of this.rosters) {
      const player = roster.findByTag(tag, since, until);
      if (player) return { player, home };
    }
    return undefined;
  }

  /** The clan whose member list shows the player at `t`, with their role there (null: in none). */
  seenIn(player: SimPlayer, t: number): { clanTag: string; role: ApiRole } | null {
    const mover = this.movers.get(player.tag);
    if (!mover) {
      for (const [clanTag, roster] of this.rosters)
        if (roster.membersAt(t).some((m) => m.tag === player.tag)) return { clanTag, role: player.role };
      return null;
    }
    if (this.isAbsent(player.tag, t)) return null;
    const stint = this.stints(player.tag, t + 1, t).findLast((s) => s.from <= t);
    if (!stint || (stint.to !== null && stint.to <= t)) return null;
    return { clanTag: stint.clanTag, role: stint.byMove ? 'member' : mover.player.role };
  }

  /** Out of the clan for a while (a hop, or an absence a test added), whatever the stints say. */
  isAbsent(tag: string, t: number): boolean {
    const home = this.movers.get(tag)?.home;
    if (home) return this.rosters.get(home)!.isAway(tag, t);
    for (const roster of this.rosters.values()) if (roster.isAway(tag, t)) return true;
    return false;
  }
}
