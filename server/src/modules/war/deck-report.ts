import { judgeFamilyDay, presenceIn, type PlayerDay } from './family-day.js';
import { finishedBeforeDay } from './race-finish.js';
import type { ClanWeek } from './reset-totals.js';
import type { BattleDay, PeriodLog, RiverRaceLogWeek, RiverRaceSnapshot } from './types.js';

/**
 * inactive: fewer than 4 decks, exactly or within a range whose top is below 4.
 * uncertain: the stored data cannot tell whether all 4 were used (range reaching 4).
 * joined-during-day: not in the clan when the day began. untracked: whether they were in the clan
 * when the day began was never observed (docs/war-tracking.md §5). excused: a leader approved an
 * absence covering the day (docs/decisions/081-excused-absences.md); never stored, read when the day is shown
 * (`withExcuses`). None of these is judged.
 */
export type DeckStatus = 'inactive' | 'ok' | 'joined-during-day' | 'uncertain' | 'untracked' | 'excused';

/** Decks of the day in one family clan (docs/war-tracking.md §5, "One day, one clan"). */
export interface DeckPart {
  clanTag: string;
  /** the clan's name when the report was built; null for the report's own clan ("here") */
  clanName: string | null;
  decksUsed: number;
  maxDecksUsed: number;
}

export interface DeckReportPlayer {
  tag: string;
  name: string;
  /** decks used that day in every family clan (0–4): exact, or the least the data proves */
  decksUsed: number;
  /** equals decksUsed when exact; the most the data allows otherwise */
  maxDecksUsed: number;
  status: DeckStatus;
  /** where the decks went, when a family clan other than the report's holds some of them */
  parts?: DeckPart[];
  /** decks the day's counters show beyond the family's: shown, never counted */
  outside?: number;
  /** why an excused member was excused ("holiday"), when the leader gave a reason */
  excuse?: string | null;
  /** who approved the absence (`discord:<user id>` or `admin`) and when: a correction after the report shows */
  excusedBy?: string | null;
  excusedAt?: string | null;
}

export interface DeckReport {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  /** the day started after the clan had crossed the finish line: nobody is blamed */
  raceFinished: boolean;
  /** true when no player is 'uncertain' */
  complete: boolean;
  players: DeckReportPlayer[];
}

/** Another clan of the family: its observations of the week and its members now. */
export interface FamilyClanWeek extends ClanWeek {
  clanName: string;
  members: readonly { tag: string; name: string }[];
  /** the players its stored report of the day lists; null while it has not reported the day */
  reported: ReadonlySet<string> | null;
}

export interface DeckReportInput {
  seasonId: number;
  sectionIndex: number;
  day: BattleDay;
  /** the reporting clan (a family's clans tell each other apart by it) */
  clanTag?: string;
  /**
   * stored snapshots: deck totals come from the week's own; the rosters seen just before and
   * after the day's reset and the clan's closed-day log may come from any week of the season
   */
  snapshots: readonly RiverRaceSnapshot[];
  /** the week's riverracelog item, needed for battle day 4 (ignored unless season and week match) */
  logWeek?: RiverRaceLogWeek | null;
  /** the current members (docs/war-tracking.md) */
  roster: readonly { tag: string; name: string }[];

  /** the family's other active clans; a member whose day is judged here may be in one of them now */
  family?: readonly FamilyClanWeek[];
}

const DECKS = 4;

/**
 * Decks used per member on one battle day (docs/war-tracking.md). A player's day belongs to the clan they were in at
 * its reset and counts their decks in every family clan (`judgeFamilyDay`): this clan lists the family's current
 * members whose day is judged here, and its own members whose day is judged nowhere (they joined during it). A member the snapshots do not show
 * in any clan at the reset joined during the day; a range the data cannot narrow below 4 is 'uncertain'.
 */
export function buildDeckReport(input: DeckReportInput): DeckReport {
  const { seasonId, sectionIndex, day } = input;
  const key = { seasonId, sectionIndex, day };
  const clanTag = input.clanTag ?? '';
  const logWeek =
    input.logWeek && input.logWeek.seasonId === seasonId && input.logWeek.sectionIndex === sectionIndex
      ? input.logWeek
      : null;
  const own: ClanWeek = { clanTag, snapshots: input.snapshots, logWeek };
  const others = input.family ?? [];
  const here = new Set(input.roster.map((m) => m.tag));
  const names = new Map([...others.flatMap((c) => c.members), ...input.roster].map((m) => [m.tag, m.name]));
  const days = judgeFamilyDay([own, ...others], key, names.keys());
  const clanNames = new Map(others.map((c) => [c.clanTag, c.clanName]));
  const presence = presenceIn(own, key).at;

  const players: DeckReportPlayer[] = [];
  // a player whose day is another clan's, reported there without them (they were between two clans when it
  // reported), is listed here, where they are now: a day is never dropped by a move
  const missedThere = (d: PlayerDay) => others.find((c) => c.clanTag === d.judgedIn)?.reported?.has(d.tag) === false;
  for (const [tag, name] of names) {
    const d = days.get(tag)!;
    if (d.judgedIn === null ? !here.has(tag) : d.judgedIn !== clanTag && !(here.has(tag) && missedThere(d))) continue;
    const { min, max } = d.decks;
    const at = d.judgedIn !== null ? 'present' : presence(tag);
    // all four decks is a full day whoever judges it; short of that, a day judged nowhere (joined during it, or no
    // roster before its reset) blames nobody
    const status: DeckStatus =
      min >= DECKS
        ? 'ok'
        : at === 'joined'
          ? 'joined-during-day'
          : at === 'untracked'
            ? 'untracked'
            : max < DECKS
              ? 'inactive'
              : 'uncertain';
    const player: DeckReportPlayer = { tag, name, decksUsed: min, maxDecksUsed: max, status };
    if (d.parts.some((p) => p.clanTag !== clanTag))
      player.parts = d.parts.map((p) => ({
        clanTag: p.clanTag,
        clanName: p.clanTag === clanTag ? null : (clanNames.get(p.clanTag) ?? p.clanTag),
        decksUsed: p.decks.min,
        maxDecksUsed: p.decks.max,
      }));
    if (d.outside > 0) player.outside = d.outside;
    players.push(player);
  }
  players.sort((a, b) => a.decksUsed - b.decksUsed || a.name.localeCompare(b.name) || a.tag.localeCompare(b.tag));
  return {
    seasonId,
    sectionIndex,
    day,
    raceFinished: finishedBeforeDay(sectionIndex, day, seasonDayLogs(input.snapshots, seasonId), logWeek),
    complete: players.every((p) => p.status !== 'uncertain'),
    players,
  };
}

/** The clan's closed days of the season, each as the newest snapshot showing it saw it. */
function seasonDayLogs(snapshots: readonly RiverRaceSnapshot[], seasonId: number): PeriodLog[] {
  const byPeriod = new Map<number, { at: Date; log: PeriodLog }>();
  for (const s of snapshots) {
    if (s.seasonId !== seasonId) continue;
    for (const log of s.periodLogs) {
      const known = byPeriod.get(log.periodIndex);
      if (!known || s.takenAt > known.at) byPeriod.set(log.periodIndex, { at: s.takenAt, log });
    }
  }
  return [...byPeriod.values()].map((v) => v.log);
}
