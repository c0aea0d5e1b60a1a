import { formatCrTime } from '../clients/clash-royale/timestamps.js';
import { FINISH_LINE } from '../lib/river-race-rules.js';
import { previousWeek } from './calendar.js';
import { PLAYER_NAMES } from './names.js';
import { makeTag, rand, randInt, round25 } from './random.js';
import type { DayResult, Finish, RaceClanMeta, RaceModel } from './race.js';

/** Trophy changes by final rank; colosseum stakes are larger (docs/clash-royale-api.md §7.5). */
const TROPHY_CHANGE = [20, 10, -2, -4, -8];
const COLOSSEUM_CHANGE = [100, 50, -5, -22, -22];

interface Standing {
  meta: RaceClanMeta;
  fame: number;
  finishTime: number | null;
}

/** JSON bodies of /currentriverrace and /riverracelog, in the recorded shapes (fixtures). */
export class WarPayloads {
  private readonly standingsCache = new Map<string, Standing[]>();
  private readonly opponentRosters = new Map<string, { tag: string; name: string; share: number }[]>();
  private readonly trophiesCache = new Map<string, number>();
  /** a finished week's log item never changes (attacks added later invalidate it) */
  private readonly logCache = new Map<string, ReturnType<WarPayloads['logItem']>>();

  constructor(private readonly model: RaceModel) {}

  /** Forgets results of weeks that end after `from`. */
  invalidate(from: number): void {
    this.trophiesCache.clear();
    for (const key of this.standingsCache.keys()) {
      const [seasonId, sectionIndex] = key.split('|').map(Number) as [number, number];
      if (this.model.calendar.weekBounds(seasonId, sectionIndex).end > from) this.standingsCache.delete(key);
    }
    for (const key of this.logCache.keys()) {
      const [seasonId, sectionIndex] = key.split('|').map(Number) as [number, number];
      if (this.model.calendar.weekBounds(seasonId, sectionIndex).end > from) this.logCache.delete(key);
    }
    this.model.invalidate(from);
  }

  private participants(meta: RaceClanMeta, seasonId: number, sectionIndex: number, t: number, today: number | null) {
    if (!meta.ours) return this.opponentParticipants(meta, seasonId, sectionIndex, t, today);
    const weekStart = this.model.calendar.weekBounds(seasonId, sectionIndex).start;
    // After the clan crossed the finish line, decks still count but earn no fame (fixture: the
    // live participants' fame equals the log's points up to the crossing day while decks rise).
    const finish = this.finishOf(meta, seasonId, sectionIndex);
    const lastFamePeriod = finish ? 7 * sectionIndex + finish.day + 2 : Infinity;
    const out = [];
    for (const p of this.model.weekMembers(seasonId, sectionIndex, t)) {
      let fame = 0;
      let decksUsed = 0;
      let boatAttacks = 0;
      let decksUsedToday = 0;
      let anyDeck = false;
      for (let d = 0; d < 7; d++) {
        const periodIndex = 7 * sectionIndex + d;
        let count = 0;
        for (const a of this.model.activity.day(p, seasonId, periodIndex)) {
          if (a.at > t) break;
          count++;
          if (d >= 3 && periodIndex <= lastFamePeriod) {
            fame += a.fame;
            if (a.boat) boatAttacks++;
          }
        }
        if (count > 0) anyDeck = true;
        if (periodIndex === today)
          decksUsedToday = this.model.activity.decksToday?.(p, seasonId, periodIndex, t) ?? count;
        if (d >= 3) decksUsed += count;
      }
      // Like the real API, a member who joined during the week is absent until their first deck.
      if (p.joinedAt > weekStart && !anyDeck) continue;
      out.push({ tag: p.tag, name: p.name, fame, repairPoints: 0, boatAttacks, decksUsed, decksUsedToday });
    }
    return out;
  }

  /** An opponent's players are fixed for the week: computed once (tags and names are costly). */
  private opponentRoster(meta: RaceClanMeta, seasonId: number, sectionIndex: number) {
    const key = `${meta.tag}|${seasonId}|${sectionIndex}`;
    let roster = this.opponentRosters.get(key);
    if (!roster) {
      const seed = this.model.seed;
      const count = randInt(seed, 8, 30, 'opp-count', meta.tag, seasonId, sectionIndex);
      const weights = Array.from({ length: count }, (_, j) =>
        rand(seed, 'opp-weight', meta.tag, seasonId, sectionIndex, j),
      );
      const sum = weights.reduce((a, b) => a + b, 0) || 1;
      roster = weights.map((w, j) => ({
        tag: makeTag(seed, 'opp-player', meta.tag, seasonId, sectionIndex, j),
        name: PLAYER_NAMES[randInt(seed, 0, PLAYER_NAMES.length - 1, 'opp-name', meta.tag, j)]!,
        share: w / sum,
      }));
      this.opponentRosters.set(key, roster);
    }
    return roster;
  }

  private opponentParticipants(
    meta: RaceClanMeta,
    seasonId: number,
    sectionIndex: number,
    t: number,
    today: number | null,
  ) {
    const total = this.weekPoints(meta, seasonId, sectionIndex, t);
    const todayPoints = today === null ? 0 : this.model.dayPoints(meta, seasonId, today, t);
    return this.opponentRoster(meta, seasonId, sectionIndex).map(({ tag, name, share }) => {
      const fame = round25(total * share);
      return {
        tag,
        name,
        fame,
        repairPoints: 0,
        boatAttacks: 0,
        decksUsed: Math.min(16, Math.round(fame / 170)),
        decksUsedToday: Math.min(4, Math.round((todayPoints * share) / 170)),
      };
    });
  }

  private weekPoints(meta: RaceClanMeta, seasonId: number, sectionIndex: number, t: number): number {
    let sum = 0;
    for (let d = 3; d < 7; d++) sum += this.model.dayPoints(meta, seasonId, 7 * sectionIndex + d, t);
    return sum;
  }

  /** Final standings of a finished week. */
  standings(seasonId: number, sectionIndex: number): Standing[] {
    const key = `${seasonId}|${sectionIndex}`;
    const cached = this.standingsCache.get(key);
    if (cached) return cached;
    const { end } = this.model.calendar.weekBounds(seasonId, sectionIndex);
    const colosseum = this.model.calendar.periodInfo(seasonId, 7 * sectionIndex).isColosseumWeek;
    const clans = this.model.clans(seasonId, sectionIndex);
    let result: Standing[];
    if (colosseum) {
      result = clans.map((meta) => ({
        meta,
        fame: this.weekPoints(meta, seasonId, sectionIndex, end - 1),
        finishTime: null,
      }));
      result.sort((a, b) => b.fame - a.fame);
    } else {
      const days = this.model.closedDays(seasonId, sectionIndex, end);
      const finish = this.model.finishes(seasonId, sectionIndex, days);
      const last = days.at(-1)?.items ?? [];
      result = clans.map((meta) => {
        const finishTime = finish.get(meta.tag)?.finishTime ?? null;
        const progress = last.find((i) => i.tag === meta.tag)?.progressEndOfDay ?? 0;
        return { meta, fame: finishTime !== null ? FINISH_LINE : progress, finishTime };
      });
      result.sort((a, b) => (a.finishTime ?? Infinity) - (b.finishTime ?? Infinity) || b.fame - a.fame);
    }
    this.standingsCache.set(key, result);
    return result;
  }

  /** The week's finish of one clan, whenever it happens (null: it does not cross). */
  private finishOf(meta: RaceClanMeta, seasonId: number, sectionIndex: number): Finish | null {
    const { end } = this.model.calendar.weekBounds(seasonId, sectionIndex);
    const days = this.model.closedDays(seasonId, sectionIndex, end);
    return this.model.finishes(seasonId, sectionIndex, days).get(meta.tag) ?? null;
  }

  trophyChange(seasonId: number, sectionIndex: number): number {
    const colosseum = this.model.calendar.periodInfo(seasonId, 7 * sectionIndex).isColosseumWeek;
    const rank = this.standings(seasonId, sectionIndex).findIndex((s) => s.meta.ours);
    return (colosseum ? COLOSSEUM_CHANGE : TROPHY_CHANGE)[rank] ?? 0;
  }

  warTrophiesBefore(seasonId: number, sectionIndex: number): number {
    const key = `${seasonId}|${sectionIndex}`;
    let trophies = this.trophiesCache.get(key);
    if (trophies === undefined) {
      trophies = this.model.warTrophiesBefore(seasonId, sectionIndex, (s, w) => this.trophyChange(s, w));
      this.trophiesCache.set(key, trophies);
    }
    return trophies;
  }

  /** War trophies now: after the last finished week. */
  warTrophiesAt(t: number): number {
    const now = this.model.calendar.periodAt(new Date(t));
    return this.warTrophiesBefore(now.seasonId, now.sectionIndex);
  }

  private clanScoreOf(meta: RaceClanMeta, ours: number, seasonId: number, sectionIndex: number): number {
    return meta.ours
      ? ours
      : Math.max(0, ours + randInt(this.model.seed, -150, 150, 'opp-score', meta.tag, seasonId, sectionIndex));
  }

  currentRiverRace(t: number) {
    const now = this.model.calendar.periodAt(new Date(t));
    const { seasonId, sectionIndex, periodIndex } = now;
    const ours = this.warTrophiesBefore(seasonId, sectionIndex);
    const closed = this.model.closedDays(seasonId, sectionIndex, t);
    const lastClosed = closed.at(-1)?.boats;
    const clans = this.model.clans(seasonId, sectionIndex).map((meta) => {
      const participants = this.participants(meta, seasonId, sectionIndex, t, periodIndex);
      // The live boat is not capped at the finish line (fixture: 10,305 while the log says 10,000).
      const boat = lastClosed?.get(meta.tag) ?? 0;
      const fame = now.isColosseumWeek ? participants.reduce((s, p) => s + p.fame, 0) : boat;
      // finishTime shows from the instant the API writes, a few seconds before the day's close.
      const finish = now.isColosseumWeek ? null : this.finishOf(meta, seasonId, sectionIndex);
      const finishAt = finish && finish.finishTime <= t ? finish.finishTime : null;
      const racing = now.periodType === 'warDay' && !(finish && finish.closedAt <= t);
      const periodPoints = racing ? this.model.dayPoints(meta, seasonId, periodIndex, t) : 0;
      return {
        tag: meta.tag,
        name: meta.name,
        badgeId: meta.badgeId,
        fame,
        repairPoints: 0,
        ...(finishAt !== null ? { finishTime: formatCrTime(new Date(finishAt)) } : {}),
        participants,
        periodPoints,
        clanScore: this.clanScoreOf(meta, ours, seasonId, sectionIndex),
      };
    });
    return {
      state: 'full',
      clan: clans.find((c) => c.tag === this.model.clanTag)!,
      clans,
      sectionIndex,
      periodIndex,
      periodType: now.periodType,
      periodLogs: this.periodLogs(seasonId, sectionIndex, t),
    };
  }

  /** Every closed battle day of the season so far, colosseum days excluded (§6.3, §7.5). */
  private periodLogs(seasonId: number, sectionIndex: number, t: number) {
    const days: DayResult[] = [];
    for (let w = 0; w <= sectionIndex; w++) days.push(...this.model.closedDays(seasonId, w, t));
    return days.map((d) => ({
      periodIndex: d.periodIndex,
      items: d.items.map(({ tag, ...rest }) => ({ clan: { tag }, ...rest })),
    }));
  }

  /**
   * When a finished week appears in the log: like the real API, up to 30 minutes after the race
   * has moved on to the next week (docs/clash-royale-api.md §6.4).
   */
  loggedAt(seasonId: number, sectionIndex: number): number {
    const lag = Math.floor(rand(this.model.seed, 'log-lag', seasonId, sectionIndex) * 30 * 60) * 1000;
    return this.model.calendar.weekBounds(seasonId, sectionIndex).end + lag;
  }

  /** Finished weeks already in the log at `t`, newest first (§6.4). */
  riverRaceLog(t: number, limit: number) {
    const now = this.model.calendar.periodAt(new Date(t));
    const items = [];
    let week = previousWeek(now.seasonId, now.sectionIndex);
    if (this.loggedAt(week.seasonId, week.sectionIndex) > t) week = previousWeek(week.seasonId, week.sectionIndex);
    for (let i = 0; i < limit; i++) {
      const key = `${week.seasonId}|${week.sectionIndex}`;
      let item = this.logCache.get(key);
      if (!item) this.logCache.set(key, (item = this.logItem(week.seasonId, week.sectionIndex)));
      // A copy: a caller in the same process may change what it was given.
      items.push(structuredClone(item));
      week = previousWeek(week.seasonId, week.sectionIndex);
    }
    return { items, paging: { cursors: {} } };
  }

  private logItem(seasonId: number, sectionIndex: number) {
    const { end } = this.model.calendar.weekBounds(seasonId, sectionIndex);
    const colosseum = this.model.calendar.periodInfo(seasonId, 7 * sectionIndex).isColosseumWeek;
    const ours = this.warTrophiesBefore(seasonId, sectionIndex);
    const changes = colosseum ? COLOSSEUM_CHANGE : TROPHY_CHANGE;
    return {
      seasonId,
      sectionIndex,
      createdDate: formatCrTime(new Date(end)),
      standings: this.standings(seasonId, sectionIndex).map((s, rank) => ({
        rank: rank + 1,
        trophyChange: changes[rank]!,
        clan: {
          tag: s.meta.tag,
          name: s.meta.name,
          badgeId: s.meta.badgeId,
          fame: s.fame,
          repairPoints: 0,
          finishTime: formatCrTime(s.finishTime === null ? null : new Date(s.finishTime)),
          participants: this.participants(s.meta, seasonId, sectionIndex, end - 1, null).map((p) => ({
            ...p,
            decksUsedToday: 0,
          })),
          periodPoints: 0,
          clanScore: this.clanScoreOf(s.meta, ours, seasonId, sectionIndex),
        },
      })),
    };
  }
}
