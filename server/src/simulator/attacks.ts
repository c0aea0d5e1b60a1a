import type { PeriodInfo, SimCalendar } from './calendar.js';
import { rand } from './random.js';
import type { SimPlayer } from './roster.js';

export interface Attack {
  at: number;
  fame: number;
  boat: boolean;
}

const MAX_DECKS = 4;

/** The war decks a clan sees: every deck of its own players, or one family clan's share of the pool's decks. */
export interface DeckSource {
  /** Every deck the player uses on that day in this clan (whole day), in time order. */
  day(player: SimPlayer, seasonId: number, periodIndex: number): Attack[];
  /** Decks used on that day in this clan up to `until` (ms). */
  upTo(player: SimPlayer, seasonId: number, periodIndex: number, until: number): Attack[];
  /**
   * The participant's `decksUsedToday` at `t` when it is not simply this clan's decks of the day: a player's
   * daily decks count on the player in whichever clan they were used (absent: this clan's count).
   */
  decksToday?(player: SimPlayer, seasonId: number, periodIndex: number, t: number): number;
}

/**
 * Who uses which war deck when: a pure function of (seed, player, day) plus attacks that tests
 * add explicitly (`addAttack`). Training days count practice decks with no fame (docs/clash-royale-api.md §7.3).
 */
export class WarActivity implements DeckSource {
  private readonly cache = new Map<string, Attack[]>();
  /** the same days by player and numeric day key: the hot path of every race payload */
  private readonly byPlayer = new Map<string, Map<number, Attack[]>>();
  private readonly extra = new Map<string, Attack[]>();
  private readonly silenced = new Set<string>();

  private readonly seed: number;

  constructor(
    private readonly calendar: SimCalendar,
    /** a member out of the clan for a while (left and rejoined) cannot use war decks meanwhile */
    private readonly isAway: (tag: string, t: number) => boolean = () => false,
  ) {
    this.seed = calendar.seed;
  }

  /** Makes a player use `decks` war decks at `at` (capped at 4 a day). */
  addAttack(playerTag: string, at: Date, decks = 1, fame = 200): PeriodInfo {
    const day = this.calendar.periodAt(at);
    const key = `${playerTag}|${day.seasonId}|${day.periodIndex}`;
    const list = this.extra.get(key) ?? [];
    for (let i = 0; i < decks; i++)
      list.push({ at: at.getTime(), fame: day.periodType === 'training' ? 0 : fame, boat: false });
    this.extra.set(key, list);
    this.cache.delete(key);
    this.byPlayer.get(playerTag)?.delete(day.seasonId * 1000 + day.periodIndex);
    return day;
  }

  /** Cancels the player's planned decks on the day containing `at` (added attacks still count). */
  silence(playerTag: string, at: Date): PeriodInfo {
    const day = this.calendar.periodAt(at);
    const key = `${playerTag}|${day.seasonId}|${day.periodIndex}`;
    this.silenced.add(key);
    this.cache.delete(key);
    this.byPlayer.get(playerTag)?.delete(day.seasonId * 1000 + day.periodIndex);
    return day;
  }

  /** Drops what is known of a player's days (their membership changed), or of everyone's (no tag). */
  forget(playerTag?: string): void {
    if (playerTag === undefined) {
      this.byPlayer.clear();
      this.cache.clear();
      return;
    }
    this.byPlayer.delete(playerTag);
    for (const key of this.cache.keys()) if (key.startsWith(`${playerTag}|`)) this.cache.delete(key);
  }

  /** Every deck the player uses on that day (whole day), in time order. */
  day(player: SimPlayer, seasonId: number, periodIndex: number): Attack[] {
    let days = this.byPlayer.get(player.tag);
    if (!days) this.byPlayer.set(player.tag, (days = new Map()));
    const dayKey = seasonId * 1000 + periodIndex;
    let attacks = days.get(dayKey);
    if (!attacks) {
      const key = `${player.tag}|${seasonId}|${periodIndex}`;
      attacks = this.cache.get(key);
      if (!attacks) {
        attacks = this.compute(player, this.calendar.periodInfo(seasonId, periodIndex), key);
        this.cache.set(key, attacks);
      }
      days.set(dayKey, attacks);
    }
    return attacks;
  }

  /** Decks used on that day up to `until` (ms). */
  upTo(player: SimPlayer, seasonId: number, periodIndex: number, until: number): Attack[] {
    return this.day(player, seasonId, periodIndex).filter((a) => a.at <= until);
  }

  private compute(player: SimPlayer, day: PeriodInfo, key: string): Attack[] {
    const start = day.start.getTime();
    const end = day.end.getTime();
    const from = Math.max(start, player.joinedAt);
    const to = Math.min(end, player.leftAt ?? Infinity);
    const planned = this.silenced.has(key) ? [] : plannedDecks(this.seed, player, day);
    const extra = this.extra.get(key) ?? [];
    return [...planned, ...extra]
      .filter((a) => a.at >= from && a.at < to && !this.isAway(player.tag, a.at))
      .sort((a, b) => a.at - b.at)
      .slice(0, MAX_DECKS);
  }
}

/**
 * The decks a player plans to use on a day, a pure function of (seed, player, day): what they use when they are in a
 * clan all day, before test controls, absences and moves take any away. The family's moves read it too.
 */
export function plannedDecks(seed: number, player: SimPlayer, day: PeriodInfo): Attack[] {
  const start = day.start.getTime();
  const end = day.end.getTime();
  if (isTwinDay(player, day)) return twinDay(seed, day, start, end);
  const r = (...parts: (string | number)[]) => rand(seed, player.id, day.seasonId, day.periodIndex, ...parts);
  const training = day.periodType === 'training';
  const chance = training ? player.activity * 0.5 : player.activity;
  if (r('plays') >= chance) return [];
  const count = r('all-four') < 0.72 ? MAX_DECKS : 1 + Math.floor(r('count') * 3);
  const attacks: Attack[] = [];
  let at = start + Math.floor(r('first') * 20 * 3600) * 1000;
  for (let i = 0; i < count && at < end - 60_000; i++) {
    const boat = !training && r('boat', i) < 0.1;
    const won = r('won', i) < 0.55;
    const fame = training ? 0 : boat ? 125 : won ? 200 : 100;
    attacks.push({ at, fame, boat });
    at += Math.floor((3 + r('gap', i) * 25) * 60) * 1000;
  }
  return attacks;
}

/** The twins' shared battle day: 4 duels won (225 medals each), at the same minutes. */
function twinDay(seed: number, day: PeriodInfo, start: number, end: number): Attack[] {
  const r = (...parts: (string | number)[]) => rand(seed, 'twins', day.seasonId, day.periodIndex, ...parts);
  let at = start + Math.floor(r('first') * 12 * 3600) * 1000;
  const attacks: Attack[] = [];
  for (let i = 0; i < MAX_DECKS && at < end - 60_000; i++) {
    attacks.push({ at, fame: 225, boat: false });
    at += Math.floor((5 + r('gap', i) * 20) * 60) * 1000;
  }
  return attacks;
}

/**
 * Two core members play as one in every third month (by the battle day's UTC month): the same
 * decks at the same minutes, more medals than anyone — so the demo shows a tie for champion.
 */
function isTwinDay(player: SimPlayer, day: PeriodInfo): boolean {
  if (!player.twin || day.periodType === 'training') return false;
  const d = day.start;
  return (d.getUTCFullYear() * 12 + d.getUTCMonth()) % 3 === 0;
}
