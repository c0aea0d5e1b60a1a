import { SimCalendar, type CalendarOptions, type PeriodInfo } from './calendar.js';
import { WarActivity } from './attacks.js';
import { ClanPayloads } from './clan-payloads.js';
import { SimLedger } from './ledger.js';
import { PlayerCards } from './player-cards.js';
import { RaceModel } from './race.js';
import { Roster, type RosterOptions, type SimPlayer } from './roster.js';
import { WarPayloads } from './war-payloads.js';

export interface SimMember {
  tag: string;
  name: string;
  role: SimPlayer['role'];
  inactive: boolean;
  joinedAt: Date;
  leftAt: Date | null;
}

const LOOKBACK = 120 * 86_400_000;

/**
 * The simulated clan as a pure function of (seed, time) plus attacks tests add. Tests read its
 * ledger for the truth (who used how many decks on which war day, who joined and left when, when
 * each day really reset); the code under test only ever sees the HTTP API.
 */
export class SimState {
  readonly calendar: SimCalendar;
  readonly roster: Roster;
  readonly activity: WarActivity;
  readonly war: WarPayloads;
  readonly clan: ClanPayloads;
  readonly ledger: SimLedger;
  private readonly race: RaceModel;
  /** each player's cards; tests change a favourite card and deck through `showCards` */
  readonly cards: PlayerCards;

  constructor(
    readonly seed: number,
    readonly clanTag: string,
    readonly clanName: string,
    options: CalendarOptions & RosterOptions = {},
  ) {
    this.calendar = new SimCalendar(seed, options);
    this.roster = new Roster(seed, options);
    this.activity = new WarActivity(this.calendar, (tag, t) => this.roster.isAway(tag, t));
    const race = new RaceModel(this.calendar, clanTag, clanName, this.roster, this.activity);
    this.race = race;
    this.war = new WarPayloads(race);
    this.clan = new ClanPayloads(this.calendar, { tag: clanTag, name: clanName }, this.roster, this.activity);
    this.ledger = new SimLedger(this.calendar, this.roster, this.activity, this.war, race);
    this.cards = new PlayerCards(seed);
  }

  /** The war day (season, week, day index, type, true reset times) containing `at`. */
  period(at: Date): PeriodInfo {
    return this.calendar.periodAt(at);
  }

  periodInfo(seasonId: number, periodIndex: number): PeriodInfo {
    return this.calendar.periodInfo(seasonId, periodIndex);
  }

  membersAt(at: Date): SimMember[] {
    return this.roster.membersAt(at.getTime()).map(toMember);
  }

  /** Everyone who was a member at some point in [from, to). */
  membersDuring(from: Date, to: Date): SimMember[] {
    return this.roster.membersDuring(from.getTime(), to.getTime()).map(toMember);
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
    this.war.invalidate(day.start.getTime());
    return day;
  }

  /** Cancels the player's own planned decks on the day containing `at`. */
  silence(playerTag: string, at: Date): PeriodInfo {
    const day = this.activity.silence(playerTag, at);
    this.war.invalidate(day.start.getTime());
    return day;
  }

  /** Makes the clan cross the finish line at the close of battle day `day` of that week (tests). */
  forceFinish(seasonId: number, sectionIndex: number, day: 1 | 2 | 3 | 4): void {
    this.race.forceFinish(seasonId, sectionIndex, day);
    this.war.invalidate(this.calendar.weekBounds(seasonId, sectionIndex).start);
  }

  /** The member leaves the clan at `from` and rejoins at `to` (their week's decks stay theirs). */
  leaveAndRejoin(playerTag: string, from: Date, to: Date): void {
    this.roster.addAbsence(playerTag, from.getTime(), to.getTime());
    this.activity.forget(playerTag);
    this.war.invalidate(from.getTime());
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

  findPlayer(tag: string, at: Date): SimPlayer | undefined {
    return this.roster.findByTag(tag, at.getTime() - LOOKBACK, at.getTime() + 1);
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
