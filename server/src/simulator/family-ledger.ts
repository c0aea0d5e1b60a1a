import type { WarActivity } from './attacks.js';
import type { SimCalendar } from './calendar.js';
import { countHardCases, HARD_CASES_AFTER, type HardCases } from './family-hard-cases.js';
import type { FamilyPool } from './family-pool.js';
import type { SimClan } from './sim-clan.js';

/** A move as the family's ledger records it. */
export interface SimMove {
  playerTag: string;
  fromClan: string;
  toClan: string;
  /** the player leaves `fromClan` (out of its member list from this instant) */
  leftAt: Date;
  /** the player joins `toClan` (in its member list from this instant, unless away on a hop) */
  joinedAt: Date;
}

/** A stretch of time a player spent in one family clan (leftAt null: still there). */
export interface SimStint {
  clanTag: string;
  joinedAt: Date;
  leftAt: Date | null;
  /** begun by a move: the player joined as a plain member */
  byMove: boolean;
}

/** A join or a leave in one clan; `move` when it is one half of a move. */
export interface SimClanEvent {
  playerTag: string;
  clanTag: string;
  kind: 'joined' | 'left';
  at: Date;
  move: SimMove | null;
}

/** A war deck with the clan it counted for (the player's clan when they used it). */
export interface FamilyAttack {
  at: Date;
  fame: number;
  clanTag: string;
}

const toSimMove = (m: { playerTag: string; from: string; to: string; leftAt: number; joinedAt: number }): SimMove => ({
  playerTag: m.playerTag,
  fromClan: m.from,
  toClan: m.to,
  leftAt: new Date(m.leftAt),
  joinedAt: new Date(m.joinedAt),
});

/**
 * The truth about a simulated family, beside each clan's own ledger (`clanState(tag).ledger`): every move, each
 * clan's joins and leaves, where a player is at any instant and which clan each of their decks counted for.
 */
export class FamilyLedger {
  constructor(
    private readonly pool: FamilyPool,
    private readonly clans: readonly SimClan[],
    private readonly activity: WarActivity,
    private readonly calendar: SimCalendar,
  ) {}

  /** The family's clan tags, the main clan first. */
  get clanTags(): string[] {
    return this.clans.map((c) => c.tag);
  }

  /**
   * How many of each hard case (docs/decisions/109-hard-family-moves.md) the moves that left in [from, to) make, read
   * from the ledger: where each player was, and which clan each of their decks counted for.
   */
  hardCases(from: Date, to: Date): HardCases {
    return countHardCases({
      moves: this.moves(from, new Date(to.getTime() + HARD_CASES_AFTER)),
      from: from.getTime(),
      to: to.getTime(),
      period: (at) => this.calendar.periodAt(at),
      decks: (tag, seasonId, periodIndex, asOf) => this.attacks(tag, seasonId, periodIndex, asOf).map((a) => a.clanTag),
    });
  }

  /** Moves whose player left in [from, to), in time order (a rejoin's clans are the same). */
  moves(from: Date, to: Date): SimMove[] {
    return this.pool.moves.between(from.getTime(), to.getTime()).map(toSimMove);
  }

  /** The clan whose member list shows the player at `at` (null: in none, e.g. between leaving one and joining another). */
  clanOf(playerTag: string, at: Date): string | null {
    const t = at.getTime();
    if (!this.pool.isMover(playerTag)) return this.clans.find((c) => c.ledger.isMemberAt(playerTag, at))?.tag ?? null;
    const clan = this.pool.moverClanAt(playerTag, t);
    return clan !== null && !this.pool.isAbsent(playerTag, t) ? clan : null;
  }

  /** A mover's stints known at `until` (their own clan's first); none for a player who never moves. */
  stints(playerTag: string, until: Date): SimStint[] {
    return this.pool.stints(playerTag, until.getTime()).map((s) => ({
      clanTag: s.clanTag,
      joinedAt: new Date(s.from),
      leftAt: s.to === null ? null : new Date(s.to),
      byMove: s.byMove,
    }));
  }

  /** Tags in the clan's member list at `at`. */
  membersAt(clanTag: string, at: Date): string[] {
    return this.clan(clanTag).ledger.membersAt(at);
  }

  /** Joins and leaves of one clan in [from, to), moves included, in time order (hops are absences: not listed). */
  events(clanTag: string, from: Date, to: Date): SimClanEvent[] {
    const [f, u] = [from.getTime(), to.getTime()];
    const out: SimClanEvent[] = [];
    const add = (playerTag: string, kind: SimClanEvent['kind'], at: number | null, move: SimMove | null) => {
      if (at !== null && at >= f && at < u) out.push({ playerTag, clanTag, kind, at: new Date(at), move });
    };
    for (const p of this.clan(clanTag).members.membersDuring(f, u)) {
      if (!this.pool.isMover(p.tag)) {
        add(p.tag, 'joined', p.joinedAt, null);
        add(p.tag, 'left', p.leftAt, null);
        continue;
      }
      const moves = this.pool.moves.movesOf(p.tag, u);
      for (const s of this.pool.stints(p.tag, u).filter((x) => x.clanTag === clanTag)) {
        const joinedBy = moves.find((m) => m.to === clanTag && m.joinedAt === s.from);
        const leftBy = moves.find((m) => m.from === clanTag && m.leftAt === s.to);
        // A stint not begun by a move is the player's own join (long ago for a long-standing member).
        add(p.tag, 'joined', s.from, joinedBy ? toSimMove(joinedBy) : null);
        add(p.tag, 'left', s.to, leftBy ? toSimMove(leftBy) : null);
      }
    }
    return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.playerTag.localeCompare(b.playerTag));
  }

  /** Every war deck the player used that day (up to `asOf`), in whichever family clan, with that clan. */
  attacks(playerTag: string, seasonId: number, periodIndex: number, asOf?: Date): FamilyAttack[] {
    const day = this.clans[0]!.ledger.day(seasonId, periodIndex);
    // A player who was in no family clan that day used no deck in one: finding them in the day itself is enough.
    const found = this.pool.locate(playerTag, day.start.getTime(), day.end.getTime());
    if (!found) return [];
    const until = asOf ? asOf.getTime() : day.end.getTime() - 1;
    return this.activity.upTo(found.player, seasonId, periodIndex, until).map((a) => ({
      at: new Date(a.at),
      fame: a.fame,
      clanTag: this.pool.moverClanAt(playerTag, a.at) ?? found.home,
    }));
  }

  private clan(tag: string): SimClan {
    const clan = this.clans.find((c) => c.tag === tag);
    if (!clan) throw new Error(`Simulator: ${tag} is not in the family`);
    return clan;
  }
}
