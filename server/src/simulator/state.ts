import { periodAt, periodInfo, type PeriodInfo } from './calendar.js';
import { WarActivity } from './attacks.js';
import { ClanPayloads } from './clan-payloads.js';
import { RaceModel } from './race.js';
import { Roster, type SimPlayer } from './roster.js';
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
 * The simulated clan as a pure function of (seed, time) plus attacks tests add. Tests read it
 * to compute exact expectations (who used how many decks on which war day).
 */
export class SimState {
  readonly roster: Roster;
  readonly activity: WarActivity;
  readonly war: WarPayloads;
  readonly clan: ClanPayloads;

  constructor(
    readonly seed: number,
    readonly clanTag: string,
    readonly clanName: string,
  ) {
    this.roster = new Roster(seed);
    this.activity = new WarActivity(seed);
    this.war = new WarPayloads(new RaceModel(seed, clanTag, clanName, this.roster, this.activity));
    this.clan = new ClanPayloads(seed, { tag: clanTag, name: clanName }, this.roster, this.activity);
  }

  /** The war day (season, week, day index, type, reset times) containing `at`. */
  period(at: Date): PeriodInfo {
    return periodAt(this.seed, at);
  }

  periodInfo(seasonId: number, periodIndex: number): PeriodInfo {
    return periodInfo(this.seed, seasonId, periodIndex);
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
    const day = periodInfo(this.seed, seasonId, periodIndex);
    const player = this.roster.findByTag(playerTag, day.start.getTime(), day.end.getTime());
    if (!player) return 0;
    const until = asOf ? asOf.getTime() : day.end.getTime() - 1;
    return this.activity.upTo(player, seasonId, periodIndex, until).length;
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
