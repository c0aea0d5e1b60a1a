import type { DeckSource } from './attacks.js';
import type { PeriodInfo, SimCalendar } from './calendar.js';
import type { RaceModel } from './race.js';
import type { MemberSource } from './roster.js';
import type { WarPayloads } from './war-payloads.js';

/** One war deck a player used, as the game recorded it. */
export interface LedgerAttack {
  at: Date;
  fame: number;
}

/**
 * The simulator's ground truth, read by tests to judge what ClanOps reports: every deck, every
 * join and leave, the true reset of every day, when the log rolled, when the race was finished.
 * Computed from the same model the API answers from, never from ClanOps' own rules.
 */
export class SimLedger {
  constructor(
    private readonly calendar: SimCalendar,
    private readonly roster: MemberSource,
    private readonly activity: DeckSource,
    private readonly war: WarPayloads,
    private readonly race: RaceModel,
  ) {}

  /** The war day with its true start and end (maintenance delays included). */
  day(seasonId: number, periodIndex: number): PeriodInfo {
    return this.calendar.periodInfo(seasonId, periodIndex);
  }

  /** Every deck the player used that day (up to `asOf`, default the whole day). */
  attacks(playerTag: string, seasonId: number, periodIndex: number, asOf?: Date): LedgerAttack[] {
    const day = this.day(seasonId, periodIndex);
    const player = this.roster.findByTag(playerTag, day.start.getTime() - 60 * 86_400_000, day.end.getTime());
    if (!player) return [];
    const until = asOf ? asOf.getTime() : day.end.getTime() - 1;
    return this.activity.upTo(player, seasonId, periodIndex, until).map((a) => ({ at: new Date(a.at), fame: a.fame }));
  }

  decksUsed(playerTag: string, seasonId: number, periodIndex: number, asOf?: Date): number {
    return this.attacks(playerTag, seasonId, periodIndex, asOf).length;
  }

  /** Members at an instant. */
  membersAt(at: Date): string[] {
    return this.roster.membersAt(at.getTime()).map((p) => p.tag);
  }

  /** Was the player in the clan at that instant (not between leaving and rejoining)? */
  isMemberAt(playerTag: string, at: Date): boolean {
    return this.roster.membersAt(at.getTime()).some((p) => p.tag === playerTag);
  }

  /** When the player joined and left (null: still a member), for the stint covering `at`. */
  membership(playerTag: string, at: Date): { joinedAt: Date; leftAt: Date | null } | null {
    const t = at.getTime();
    const player = this.roster.findByTag(playerTag, t - 400 * 86_400_000, t + 1);
    if (!player) return null;
    return { joinedAt: new Date(player.joinedAt), leftAt: player.leftAt === null ? null : new Date(player.leftAt) };
  }

  /** When the week appeared in /riverracelog (after its end, with the API's lag). */
  loggedAt(seasonId: number, sectionIndex: number): Date {
    return new Date(this.war.loggedAt(seasonId, sectionIndex));
  }

  /**
   * The close (daily reset) at which the clan crossed the finish line that week, or null
   * (colosseum weeks never finish). The API's `finishTime` is a few seconds before it.
   */
  finishedAt(seasonId: number, sectionIndex: number): Date | null {
    const finish = this.finish(seasonId, sectionIndex);
    return finish === null ? null : new Date(finish.closedAt);
  }

  /** The battle day (1–4) at whose close the clan crossed, or null. */
  finishDay(seasonId: number, sectionIndex: number): 1 | 2 | 3 | 4 | null {
    return this.finish(seasonId, sectionIndex)?.day ?? null;
  }

  private finish(seasonId: number, sectionIndex: number) {
    const { end } = this.calendar.weekBounds(seasonId, sectionIndex);
    const days = this.race.closedDays(seasonId, sectionIndex, end);
    return this.race.finishes(seasonId, sectionIndex, days).get(this.race.clanTag) ?? null;
  }

  /** A maintenance break in progress at `at` (the API answers 503 then). */
  inMaintenance(at: Date): boolean {
    return this.calendar.maintenanceAt(at.getTime()) !== null;
  }
}
