import { FamilyMoves, type Mover, type Stint } from './family-moves.js';
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
    this.moves = new FamilyMoves(
      seed,
      clans.map((c) => ({ tag: c.tag, capacity: this.rosters.get(c.tag)!.capacity })),
      [...this.movers.values()],
      Math.min(4, Math.max(0, options.moveRate ?? DEFAULT_MOVE_RATE)),
      (tag, t) => this.isAbsent(tag, t),
    );
  }

  isMover(tag: string): boolean {
    return this.movers.has(tag);
  }

  /** The player as their own clan's roster made them (the one object their decks are computed for). */
  canonical(p: SimPlayer): SimPlayer {
    return this.movers.get(p.tag)?.player ?? p;
  }

  /** A mover's stints up to `until` (none for a player who never moves). */
  stints(tag: string, until: number): Stint[] {
    const mover = this.movers.get(tag);
    if (!mover) return [];
    const first: Stint = { clanTag: mover.home, from: mover.player.joinedAt, to: null, byMove: false };
    return this.moves.stints(tag, first, until);
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
    const stint = this.stints(tag, t + 1).findLast((s) => s.from <= t);
    return stint && (stint.to === null || stint.to > t) ? stint.clanTag : null;
  }

  /** The player as their own clan's roster has them, with that clan, if they were in it during [since, until). */
  locate(tag: string, since: number, until: number): { player: SimPlayer; home: string } | undefined {
    const mover = this.movers.get(tag);
    if (mover) return mover;
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
    const stint = this.stints(player.tag, t + 1).findLast((s) => s.from <= t);
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
