import { previousWeek, type SimCalendar } from './calendar.js';
import { WarActivity } from './attacks.js';
import { makeTag, rand, randInt, round25 } from './random.js';
import { opponentName, type Roster, type SimPlayer } from './roster.js';

export interface RaceClanMeta {
  tag: string;
  name: string;
  badgeId: number;
  strength: number;
  ours: boolean;
}

export interface DayLogItem {
  tag: string;
  pointsEarned: number;
  progressStartOfDay: number;
  progressEndOfDay: number;
  endOfDayRank: number;
  progressEarned: number;
  numOfDefensesRemaining: number;
  progressEarnedFromDefenses: number;
}

export interface DayResult {
  periodIndex: number;
  closedAt: number;
  items: DayLogItem[];
}

/** Boat placement by daily rank (docs/clash-royale-api.md §7.4). */
const PLACEMENT = [3000, 1800, 1000, 600, 400];
const FINISH_LINE = 10_000;

/** One week's race: the five clans, our members' decks and the boat moving at each daily close. */
export class RaceModel {
  private readonly closedCache = new Map<string, DayResult[]>();
  private readonly clansCache = new Map<string, RaceClanMeta[]>();

  readonly seed: number;

  constructor(
    readonly calendar: SimCalendar,
    readonly clanTag: string,
    readonly clanName: string,
    readonly roster: Roster,
    readonly activity: WarActivity,
  ) {
    this.seed = calendar.seed;
  }

  /** Forgets results of weeks that end after `from` (an attack was added then). */
  invalidate(from: number): void {
    for (const key of this.closedCache.keys()) {
      const [seasonId, sectionIndex] = key.split('|').map(Number) as [number, number];
      if (this.calendar.weekBounds(seasonId, sectionIndex).end > from) this.closedCache.delete(key);
    }
  }

  clans(seasonId: number, sectionIndex: number): RaceClanMeta[] {
    const key = `${seasonId}|${sectionIndex}`;
    let clans = this.clansCache.get(key);
    if (!clans) {
      clans = this.makeClans(seasonId, sectionIndex);
      this.clansCache.set(key, clans);
    }
    return clans;
  }

  private makeClans(seasonId: number, sectionIndex: number): RaceClanMeta[] {
    const opponents = [0, 1, 2, 3].map((i) => ({
      tag: makeTag(this.seed, 'opponent', seasonId, sectionIndex, i),
      name: opponentName(this.seed, i, seasonId, sectionIndex),
      badgeId: 16000000 + randInt(this.seed, 0, 180, 'badge', seasonId, sectionIndex, i),
      strength: 0.15 + 0.5 * rand(this.seed, 'opp-strength', seasonId, sectionIndex, i),
      ours: false,
    }));
    return [...opponents, { tag: this.clanTag, name: this.clanName, badgeId: 16000107, strength: 1, ours: true }];
  }

  /** Everyone who was in the clan at some point of the week (leavers stay listed, §7.3). */
  weekMembers(seasonId: number, sectionIndex: number, until: number): SimPlayer[] {
    const { start, end } = this.calendar.weekBounds(seasonId, sectionIndex);
    return this.roster.membersDuring(start, Math.min(end, until + 1));
  }

  /** Medals a clan earned on a battle day up to `until`. */
  dayPoints(clan: RaceClanMeta, seasonId: number, periodIndex: number, until: number): number {
    const day = this.calendar.periodInfo(seasonId, periodIndex);
    if (day.periodType === 'training') return 0;
    if (clan.ours) {
      let sum = 0;
      for (const p of this.weekMembers(seasonId, day.sectionIndex, until)) {
        for (const a of this.activity.upTo(p, seasonId, periodIndex, until)) sum += a.fame;
      }
      return sum;
    }
    const full = round25(
      clan.strength * 28_000 * (0.85 + 0.3 * rand(this.seed, 'opp-day', clan.tag, seasonId, periodIndex)),
    );
    const span = day.end.getTime() - day.start.getTime();
    const fraction = Math.min(1, Math.max(0, (until - day.start.getTime()) / span));
    return round25(full * fraction);
  }

  /** Closed battle days of a normal week at `t`, with the boat's progress (none in colosseum, §7.5). */
  closedDays(seasonId: number, sectionIndex: number, t: number): DayResult[] {
    const first = this.calendar.periodInfo(seasonId, 7 * sectionIndex);
    if (first.isColosseumWeek) return [];
    const key = `${seasonId}|${sectionIndex}`;
    // The whole week is simulated once (attacks added later invalidate it); `t` only filters.
    let full = this.closedCache.get(key);
    if (!full) {
      full = this.simulateWeek(seasonId, sectionIndex);
      this.closedCache.set(key, full);
    }
    return full.filter((d) => d.closedAt <= t);
  }

  private simulateWeek(seasonId: number, sectionIndex: number): DayResult[] {
    const clans = this.clans(seasonId, sectionIndex);
    const progress = new Map(clans.map((c) => [c.tag, 0]));
    const finished = new Set<string>();
    const days: DayResult[] = [];
    for (let d = 3; d < 7; d++) {
      const periodIndex = 7 * sectionIndex + d;
      const closedAt = this.calendar.periodInfo(seasonId, periodIndex).end.getTime();
      const points = new Map(clans.map((c) => [c.tag, this.dayPoints(c, seasonId, periodIndex, closedAt - 1)]));
      const racing = clans.filter((c) => !finished.has(c.tag)).sort((a, b) => points.get(b.tag)! - points.get(a.tag)!);
      const items: DayLogItem[] = clans.map((c) => {
        const start = progress.get(c.tag)!;
        const rank = racing.findIndex((r) => r.tag === c.tag);
        const earned = rank >= 0 && points.get(c.tag)! > 0 ? PLACEMENT[rank]! : 0;
        const defended = earned > 0 ? randInt(this.seed, 0, 450, 'defense', c.tag, seasonId, periodIndex) : 0;
        const endOfDay = start + earned + defended;
        progress.set(c.tag, endOfDay);
        return {
          tag: c.tag,
          pointsEarned: points.get(c.tag)!,
          progressStartOfDay: start,
          progressEndOfDay: endOfDay,
          endOfDayRank: rank,
          progressEarned: earned,
          numOfDefensesRemaining:
            earned > 0 ? randInt(this.seed, 0, 15, 'defenses-left', c.tag, seasonId, periodIndex) : 0,
          progressEarnedFromDefenses: defended,
        };
      });
      for (const item of items) if (item.progressEndOfDay >= FINISH_LINE) finished.add(item.tag);
      items.sort((a, b) => (a.endOfDayRank < 0 ? 99 : a.endOfDayRank) - (b.endOfDayRank < 0 ? 99 : b.endOfDayRank));
      days.push({ periodIndex, closedAt, items });
    }
    return days;
  }

  /** When each clan crossed the finish line (the close of that day). */
  finishTimes(days: DayResult[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const day of days) {
      for (const item of day.items) {
        if (item.progressEndOfDay >= FINISH_LINE && !out.has(item.tag)) out.set(item.tag, day.closedAt);
      }
    }
    return out;
  }

  /** Our war trophies before a week's trophy change, from a fixed starting season. */
  warTrophiesBefore(seasonId: number, sectionIndex: number, changeOf: (s: number, w: number) => number): number {
    const base = 1800 + randInt(this.seed, 0, 1500, 'war-trophies');
    const chain: { seasonId: number; sectionIndex: number }[] = [];
    let week = previousWeek(seasonId, sectionIndex);
    while (week.seasonId >= EPOCH_SEASON) {
      chain.push(week);
      week = previousWeek(week.seasonId, week.sectionIndex);
    }
    let trophies = base;
    for (const w of chain.reverse()) trophies = Math.max(0, trophies + changeOf(w.seasonId, w.sectionIndex));
    return trophies;
  }
}

/** War trophies are accumulated from this season on (Jan 2026). */
export const EPOCH_SEASON = 128;
