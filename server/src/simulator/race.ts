import { FINISH_LINE, PLACEMENT } from '../lib/river-race-rules.js';
import { previousWeek, type SimCalendar } from './calendar.js';
import type { DeckSource } from './attacks.js';
import { makeTag, rand, randInt, round25 } from './random.js';
import { opponentName, type MemberSource, type SimPlayer } from './roster.js';

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
  /** each clan's boat after the close, uncapped: the log shows 10,000 on the crossing day, the live race more */
  boats: Map<string, number>;
}

/** Where and when a clan crossed the finish line in one week. */
export interface Finish {
  /** the close it crossed at (the reset that ended that battle day) */
  closedAt: number;
  /** the battle day (1–4) whose close it was */
  day: 1 | 2 | 3 | 4;
  /** what the API writes as `finishTime`: 0–3 seconds before the close, like the recordings */
  finishTime: number;
}

/** One week's race: the five clans, our members' decks and the boat moving at each daily close. */
export class RaceModel {
  private readonly closedCache = new Map<string, DayResult[]>();
  private readonly clansCache = new Map<string, RaceClanMeta[]>();
  /** weeks a test makes our clan cross at the close of a given battle day */
  private readonly forced = new Map<string, 1 | 2 | 3 | 4>();

  readonly seed: number;

  constructor(
    readonly calendar: SimCalendar,
    readonly clanTag: string,
    readonly clanName: string,
    readonly roster: MemberSource,
    readonly activity: DeckSource,
    /** a family clan's own race group (its opponents differ from the main clan's); none for the main clan */
    readonly group = '',
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

  /**
   * Makes our clan cross the finish line at the close of `day` of that week.
   * The game cannot cross before day 3's close (3,000 a day at most plus defenses), but the rule
   * under test must not depend on that, so tests may force any close.
   */
  forceFinish(seasonId: number, sectionIndex: number, day: 1 | 2 | 3 | 4): void {
    this.forced.set(`${seasonId}|${sectionIndex}`, day);
    this.closedCache.delete(`${seasonId}|${sectionIndex}`);
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
    const week = this.group ? [this.group, seasonId, sectionIndex] : [seasonId, sectionIndex];
    const opponents = [0, 1, 2, 3].map((i) => ({
      tag: makeTag(this.seed, 'opponent', ...week, i),
      name: opponentName(this.seed, i, ...week),
      badgeId: 16000000 + randInt(this.seed, 0, 180, 'badge', ...week, i),
      strength: 0.15 + 0.5 * rand(this.seed, 'opp-strength', ...week, i),
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
    const forced = this.forced.get(`${seasonId}|${sectionIndex}`);
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
        // Once across the line a clan is out of the race: its day shows no points and rank −1 (fixtures).
        if (finished.has(c.tag)) return finishedDay(c.tag, start);
        const rank = racing.findIndex((r) => r.tag === c.tag);
        const earned = rank >= 0 && points.get(c.tag)! > 0 ? PLACEMENT[rank]! : 0;
        let defended = earned > 0 ? this.defense(c, seasonId, periodIndex) : 0;
        if (c.ours && forced !== undefined) defended = forcedDefense(start, earned, defended, d - 2, forced);
        const endOfDay = start + earned + defended;
        progress.set(c.tag, endOfDay);
        return {
          tag: c.tag,
          pointsEarned: points.get(c.tag)!,
          progressStartOfDay: start,
          progressEndOfDay: Math.min(endOfDay, FINISH_LINE),
          endOfDayRank: rank,
          progressEarned: earned,
          numOfDefensesRemaining:
            earned > 0 ? randInt(this.seed, 0, 15, 'defenses-left', c.tag, seasonId, periodIndex) : 0,
          progressEarnedFromDefenses: defended,
        };
      });
      for (const c of clans) if (progress.get(c.tag)! >= FINISH_LINE) finished.add(c.tag);
      items.sort((a, b) => (a.endOfDayRank < 0 ? 99 : a.endOfDayRank) - (b.endOfDayRank < 0 ? 99 : b.endOfDayRank));
      days.push({ periodIndex, closedAt, items, boats: new Map(progress) });
    }
    return days;
  }

  /** Boat progress from surviving defenses: a strong clan like ours keeps most of them (fixtures: 430–435). */
  private defense(c: RaceClanMeta, seasonId: number, periodIndex: number): number {
    return c.ours
      ? randInt(this.seed, 260, 450, 'defense', c.tag, seasonId, periodIndex)
      : randInt(this.seed, 0, 450, 'defense', c.tag, seasonId, periodIndex);
  }

  /** When each clan crossed the finish line: the close, its battle day and the API's finishTime. */
  finishes(seasonId: number, sectionIndex: number, days: DayResult[]): Map<string, Finish> {
    const out = new Map<string, Finish>();
    for (const day of days) {
      for (const [tag, boat] of day.boats) {
        if (boat < FINISH_LINE || out.has(tag)) continue;
        const early = randInt(this.seed, 0, 3, 'finish-early', tag, seasonId, sectionIndex) * 1000;
        const battleDay = ((day.periodIndex % 7) - 2) as Finish['day'];
        out.set(tag, { closedAt: day.closedAt, day: battleDay, finishTime: day.closedAt - early });
      }
    }
    return out;
  }

  /** Our war trophies before a week's trophy change, from a fixed starting season. */
  warTrophiesBefore(seasonId: number, sectionIndex: number, changeOf: (s: number, w: number) => number): number {
    const base = 1800 + randInt(this.seed, 0, 1500, 'war-trophies', ...(this.group ? [this.group] : []));
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

function finishedDay(tag: string, boat: number): DayLogItem {
  return {
    tag,
    pointsEarned: 0,
    progressStartOfDay: boat,
    progressEndOfDay: boat,
    endOfDayRank: -1,
    progressEarned: 0,
    numOfDefensesRemaining: 0,
    progressEarnedFromDefenses: 0,
  };
}

/** Defenses that make a forced week cross exactly at the close of `target` (and not before). */
function forcedDefense(start: number, earned: number, natural: number, day: number, target: number): number {
  if (day < target) return Math.min(natural, Math.max(0, FINISH_LINE - 1 - start - earned));
  if (day === target) return Math.max(natural, FINISH_LINE - start - earned);
  return natural;
}

/** War trophies are accumulated from this season on (Jan 2026). */
export const EPOCH_SEASON = 128;
