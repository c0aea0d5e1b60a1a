import { SimCalendar, type CalendarOptions, type PeriodInfo } from './calendar.js';
import { WarActivity } from './attacks.js';
import type { ClanPayloads } from './clan-payloads.js';
import { FamilyLedger, type SimMove } from './family-ledger.js';
import { FamilyPool, type FamilyClan, type FamilyOptions } from './family-pool.js';
import { ClanDecks, ClanView } from './family-view.js';
import type { SimLedger } from './ledger.js';
import { PlayerCards } from './player-cards.js';
import { Roster, type MemberSource, type SimPlayer } from './roster.js';
import { makeSimClan, type SimClan } from './sim-clan.js';
import type { WarPayloads } from './war-payloads.js';
import { ProfileChanges, type SimProfileChange } from './profile-changes.js';

export interface SimMember {
  tag: string;
  name: string;
  role: SimPlayer['role'];
  inactive: boolean;
  joinedAt: Date;
  leftAt: Date | null;
}

const LOOKBACK = 120 * 86_400_000;

export interface SimStateOptions extends CalendarOptions, FamilyOptions {
  /** the other clans of a family (the main clan is `clanTag`); none: the single clan of before */
  family?: readonly FamilyClan[];
}

/** A player's clan as `/players/{tag}` shows it (role null: in no clan, and the payload has no clan). */
export interface PlayerClan {
  tag: string;
  name: string;
  role: string | null;
}

/**
 * The simulated clan as a pure function of (seed, time) plus attacks tests add. Tests read its
 * ledger for the truth (who used how many decks on which war day, who joined and left when, when
 * each day really reset); the code under test only ever sees the HTTP API.
 */
export class SimState {
  readonly calendar: SimCalendar;
  /** the main clan's own roster (in a family, its members are `clanState(clanTag).members`) */
  readonly roster: Roster;
  readonly activity: WarActivity;
  /** the main clan's payloads and ledger */
  readonly war: WarPayloads;
  readonly clan: ClanPayloads;
  readonly ledger: SimLedger;
  /** every clan served, the main clan first (one without a family) */
  readonly clans: readonly SimClan[];
  /** the family's moves and ledger; null for a single clan */
  readonly family: FamilyLedger | null;
  private readonly pool: FamilyPool | null;
  private readonly decks: ClanDecks[] = [];
  private readonly members: MemberSource;
  /** each player's cards; tests change a favourite card and deck through `showCards` */
  readonly cards: PlayerCards;

  constructor(
    readonly seed: number,
    readonly clanTag: string,
    readonly clanName: string,
    options: SimStateOptions = {},
  ) {
    this.calendar = new SimCalendar(seed, options);
    this.roster = new Roster(seed, { hopRate: options.hopRate });
    if (!options.family?.length) {
      this.pool = null;
      this.activity = new WarActivity(this.calendar, (tag, t) => this.roster.isAway(tag, t));
      this.clans = [makeSimClan(this.calendar, { tag: clanTag, name: clanName }, this.roster, this.activity)];
      this.family = null;
    } else {
      const clans = [{ tag: clanTag, name: clanName }, ...options.family];
      const pool = new FamilyPool(seed, clans, this.roster, this.calendar, options);
      // A player between two clans, or away from theirs, uses no war deck.
      const away = (tag: string, t: number) =>
        pool.isAbsent(tag, t) || (pool.isMover(tag) && pool.moverClanAt(tag, t) === null);
      this.pool = pool;
      this.activity = new WarActivity(this.calendar, away);
      this.decks = pool.clans.map((c) => new ClanDecks(c.tag, pool, this.activity, this.calendar));
      this.clans = pool.clans.map((c, k) =>
        makeSimClan(this.calendar, c, new ClanView(c.tag, pool), this.decks[k]!, k === 0 ? '' : c.tag),
      );
      this.family = new FamilyLedger(pool, this.clans, this.activity, this.calendar);
    }
    const main = this.clans[0]!;
    [this.war, this.clan, this.ledger, this.members] = [main.war, main.clan, main.ledger, main.members];
    this.cards = new PlayerCards(seed);
  }

  /** The clan of that (normalised) tag among the clans served, or undefined (the API's 404). */
  clanState(tag: string): SimClan | undefined {
    return this.clans.find((c) => c.tag === tag);
  }

  /** The clan `/players/{tag}` shows at `t`: the one whose member list holds the player, if any. */
  playerClan(player: SimPlayer, t: number): PlayerClan {
    if (!this.pool) {
      return {
        tag: this.clanTag,
        name: this.clanName,
        role: this.roster.membersAt(t).includes(player) ? player.role : null,
      };
    }
    const seen = this.pool.seenIn(player, t);
    const clan = seen && this.clanState(seen.clanTag);
    if (seen && clan) return { tag: clan.tag, name: clan.name, role: seen.role };
    return { tag: this.clanTag, name: this.clanName, role: null };
  }

  /** The war day (season, week, day index, type, true reset times) containing `at`. */
  period(at: Date): PeriodInfo {
    return this.calendar.periodAt(at);
  }

  periodInfo(seasonId: number, periodIndex: number): PeriodInfo {
    return this.calendar.periodInfo(seasonId, periodIndex);
  }

  membersAt(at: Date): SimMember[] {
    return this.members.membersAt(at.getTime()).map(toMember);
  }

  /** Everyone who was a member at some point in [from, to). */
  membersDuring(from: Date, to: Date): SimMember[] {
    return this.members.membersDuring(from.getTime(), to.getTime()).map(toMember);
  }

  /** Tags of the members who never use a war deck. */
  inactiveTags(): string[] {
    return this.roster.core.filter((p) => p.inactive).map((p) => p.tag);
  }

  /** War decks the player used on that day, up to `asOf` (default: the whole day). */
  decksUsedOn(playerTag: string, seasonId: number, periodIndex: number, asOf?: Date): number {
    return this.ledger.decksUsed(playerTag, seasonId, periodIndex, asOf);
  }

  /** Makes the player use `decks` war decks at `at` (at most 4 a day, only while a member). */
  attack(playerTag: string, at: Date, decks = 1): PeriodInfo {
    const day = this.activity.addAttack(playerTag, at, decks);
    this.invalidate(day.start.getTime());
    return day;
  }

  /** Cancels the player's own planned decks on the day containing `at`. */
  silence(playerTag: string, at: Date): PeriodInfo {
    const day = this.activity.silence(playerTag, at);
    this.invalidate(day.start.getTime());
    return day;
  }

  /** Makes the clan (default: the main one) cross the finish line at the close of battle day `day` of that week. */
  forceFinish(seasonId: number, sectionIndex: number, day: 1 | 2 | 3 | 4, clanTag = this.clanTag): void {
    const clan = this.clanState(clanTag);
    if (!clan) throw new Error(`Simulator: ${clanTag} is not simulated`);
    clan.race.forceFinish(seasonId, sectionIndex, day);
    clan.war.invalidate(this.calendar.weekBounds(seasonId, sectionIndex).start);
  }

  /** Test control: renames, promotions and demotions in the game; the list is their ledger. */
  readonly profiles = new ProfileChanges();

  /** Test control: the player's name or role changes at `change.at` (every clan's member list shows it from then). */
  changeProfile(change: SimProfileChange): void {
    this.profiles.add(change);
    for (const c of this.clans) c.clan.profiles = this.profiles;
  }

  /** The member leaves their clan at `from` and rejoins it at `to` (their week's decks stay theirs). */
  leaveAndRejoin(playerTag: string, from: Date, to: Date): void {
    for (const roster of this.pool?.rosters.values() ?? [this.roster])
      roster.addAbsence(playerTag, from.getTime(), to.getTime());
    this.activity.forget(playerTag);
    this.invalidate(from.getTime());
  }

  /**
   * Test control: the player leaves whichever family clan they are in at `leftAt` and joins `toClanTag` (the same
   * clan: a rejoin) at `joinedAt` as a plain member. Any player of the family but a clan's leader; a player's moves
   * may not overlap, and every clan of their moves must have room for them (50) when the first begins. The family's
   * moves are replayed with it (nothing else moves the player across their scripted moves) and every answer is
   * recomputed. Returns the move as the ledger records it.
   */
  move(playerTag: string, toClanTag: string, leftAt: Date, joinedAt: Date): SimMove {
    if (!this.pool || !this.family) throw new Error('Simulator: moves need a family');
    const move = this.pool.script(playerTag, toClanTag, leftAt.getTime(), joinedAt.getTime());
    this.activity.forget();
    for (const c of this.clans) c.clan.forget();
    this.invalidate(-Infinity);
    return this.family.moves(leftAt, new Date(leftAt.getTime() + 1)).find((m) => m.playerTag === move.playerTag)!;
  }

  /** Forgets every clan's results from `from` on (decks or a membership changed). */
  private invalidate(from: number): void {
    for (const d of this.decks) d.clear();
    for (const c of this.clans) c.war.invalidate(from);
  }

  /** The player's collection, current deck and favourite card at `at`. */
  cardsOf(tag: string, at: Date) {
    const p = this.findPlayer(tag, at);
    return p ? this.cards.loadout(p.tag, p.id) : null;
  }

  /** Test control: the player changes their favourite card and swaps a card into their deck, in the game. */
  showCards(tag: string, at: Date, change: { favourite?: string; deckCard?: string }): void {
    const p = this.findPlayer(tag, at);
    if (!p) throw new Error(`Simulator: no player ${tag}`);
    this.cards.show(p.tag, p.id, change);
  }

  /** A player seen in a clan served during the last 120 days (in a family: as their own clan's roster has them). */
  findPlayer(tag: string, at: Date): SimPlayer | undefined {
    const [since, until] = [at.getTime() - LOOKBACK, at.getTime() + 1];
    return this.pool ? this.pool.locate(tag, since, until)?.player : this.roster.findByTag(tag, since, until);
  }
}

function toMember(p: SimPlayer): SimMember {
  return {
    tag: p.tag,
    name: p.name,
    role: p.role,
    inactive: p.inactive,
    joinedAt: new Date(p.joinedAt),
    leftAt: p.leftAt === null ? null : new Date(p.leftAt),
  };
}
