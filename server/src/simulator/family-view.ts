import type { Attack, DeckSource, WarActivity } from './attacks.js';
import type { SimCalendar } from './calendar.js';
import type { Stint } from './family-move-types.js';
import type { FamilyPool } from './family-pool.js';
import type { MemberSource, SimPlayer } from './roster.js';

/**
 * One family clan's members over time: its own roster's players while their stints are in this clan, plus the
 * players moved in from the other clans. A player's stint here shows as the player with `joinedAt` (and `leftAt`)
 * of this clan, so the payloads written for one clan need no change: a mover is a joiner here, a leaver there.
 */
export class ClanView implements MemberSource {
  private readonly copies = new Map<string, SimPlayer>();

  constructor(
    readonly clanTag: string,
    private readonly pool: FamilyPool,
  ) {}

  membersDuring(from: number, to: number): SimPlayer[] {
    const out: SimPlayer[] = [];
    for (const p of this.pool.rosters.get(this.clanTag)!.membersDuring(from, to)) {
      const seen = this.pool.isMover(p.tag) ? this.view(p, from, to, 'first') : p;
      if (seen) out.push(seen);
    }
    for (const p of this.pool.incoming(this.clanTag, to)) {
      const seen = this.view(p, from, to, 'first');
      if (seen) out.push(seen);
    }
    return out;
  }

  membersAt(t: number): SimPlayer[] {
    return this.membersDuring(t, t + 1).filter((p) => !this.isAway(p.tag, t));
  }

  isAway(tag: string, t: number): boolean {
    return this.pool.isAbsent(tag, t);
  }

  /** The player with their latest stint here that overlaps [since, until). */
  findByTag(tag: string, since: number, until: number): SimPlayer | undefined {
    const p = this.membersDuring(since, until).find((m) => m.tag === tag);
    return p && this.pool.isMover(tag) ? this.view(this.pool.canonical(p), since, until, 'last') : p;
  }

  /** The player as this clan saw them during [from, to), or undefined when they were not here then. */
  private view(p: SimPlayer, from: number, to: number, which: 'first' | 'last'): SimPlayer | undefined {
    const here = this.pool.stints(p.tag, to, from).filter((s) => s.clanTag === this.clanTag && s.from < to);
    if (here.length === 0) return undefined;
    const stint: Stint = which === 'first' ? here[0]! : here.at(-1)!;
    // Never moved: the player itself, exactly as the single clan's roster has them.
    if (!stint.byMove && stint.to === null) return p;
    const last = which === 'first' ? here.at(-1)! : stint;
    const key = `${p.tag}|${stint.from}|${last.to}|${stint.byMove}`;
    let copy = this.copies.get(key);
    if (!copy) {
      copy = { ...p, joinedAt: stint.from, leftAt: last.to, role: stint.byMove ? 'member' : p.role };
      this.copies.set(key, copy);
    }
    return copy;
  }
}

/**
 * One family clan's war decks: a player's decks of the day are the player's (at most 4 in all clans); each counts
 * for the clan they were in when they used it. `decksUsedToday` stays the player's count: after a move it includes
 * the decks used in the old clan that day, while the old clan's entry keeps what it showed when the player left.
 */
export class ClanDecks implements DeckSource {
  private readonly cache = new Map<string, Attack[]>();

  constructor(
    private readonly clanTag: string,
    private readonly pool: FamilyPool,
    private readonly activity: WarActivity,
    private readonly calendar: SimCalendar,
  ) {}

  /** Forgets what it filtered (an attack was added, a membership changed). */
  clear(): void {
    this.cache.clear();
  }

  day(player: SimPlayer, seasonId: number, periodIndex: number): Attack[] {
    const all = this.activity.day(this.pool.canonical(player), seasonId, periodIndex);
    if (!this.pool.isMover(player.tag)) return all;
    const key = `${player.tag}|${seasonId}|${periodIndex}`;
    let mine = this.cache.get(key);
    if (!mine) {
      mine = all.filter((a) => this.pool.moverClanAt(player.tag, a.at) === this.clanTag);
      this.cache.set(key, mine);
    }
    return mine;
  }

  upTo(player: SimPlayer, seasonId: number, periodIndex: number, until: number): Attack[] {
    return this.day(player, seasonId, periodIndex).filter((a) => a.at <= until);
  }

  decksToday(player: SimPlayer, seasonId: number, periodIndex: number, t: number): number {
    const all = this.activity.day(this.pool.canonical(player), seasonId, periodIndex);
    if (!this.pool.isMover(player.tag)) return all.filter((a) => a.at <= t).length;
    // Only stints of today matter: a stint here that ended before the reset left nothing of today.
    const dayStart = this.calendar.periodInfo(seasonId, periodIndex).start.getTime();
    const stint = this.pool
      .stints(player.tag, t + 1, dayStart)
      .findLast((s) => s.clanTag === this.clanTag && s.from <= t);
    if (!stint) return 0;
    const until = stint.to !== null && stint.to <= t ? stint.to - 1 : t;
    return all.filter((a) => a.at <= until).length;
  }
}
