import type { FamilyLedger } from '../../src/simulator/family-ledger.js';
import { DAY, HOUR, reportedDays, type WarTimeline } from './war-timeline.js';

/**
 * One clan of a simulated family judged against the family's ledger (docs/decisions/102-simulated-family.md), never
 * against ClanOps' own rules: a deck counts for the clan the player was in when they used it, and a player is in the
 * clan whose member list the ledger puts them in.
 */

/** What the judge found for one battle day of one clan. */
export interface ClanDayVerdict {
  key: string;
  problems: string[];
  /** rows of players who used decks in another family clan that day, with what this clan's report says */
  movers: { tag: string; status: string; decksUsed: number; decksUsedMax: number; here: number; elsewhere: number }[];
}

function family(w: WarTimeline): FamilyLedger {
  const ledger = w.sim.state.family;
  if (!ledger) throw new Error('the simulator runs no family');
  return ledger;
}

/** The player's decks of one day that counted for `clanTag`, and those that counted elsewhere. */
export function decksOf(w: WarTimeline, clanTag: string, tag: string, seasonId: number, periodIndex: number) {
  const attacks = family(w).attacks(tag, seasonId, periodIndex);
  const here = attacks.filter((a) => a.clanTag === clanTag);
  return { here: here.length, fame: here.reduce((s, a) => s + a.fame, 0), elsewhere: attacks.length - here.length };
}

type DeckRow = { player_tag: string; status: string; decks_used: number; decks_used_max: number };

/**
 * Every battle day of the family's clans that ended inside [from, to], judged against the family's ledger, never
 * against ClanOps' own rules (docs/war-tracking.md §5, "One day, one clan"): each clan reports the day once, after
 * its reset; a player's day is listed in one clan at most, the clan whose member list held them at its reset (or at
 * its last look before it), with the decks they used in every family clan that day (or, when that clan reported while
 * they were between two clans, the clan they are in now); a player who was out of a clan at its reset and at its
 * last look is never judged there; nobody in the family at the report who was in a clan at its reset and its last
 * look is dropped, and every member at the report's time is listed somewhere.
 */
export async function judgeFamilyDays(
  w: WarTimeline,
  clans: readonly string[],
  from: Date,
  to: Date,
  /** days ("138/2/3") judged before: skipped (a long sweep judges each week while its snapshots are kept) */
  seen = new Set<string>(),
): Promise<ClanDayVerdict[]> {
  const fam = family(w);
  const db = w.t.db.kysely;
  const verdicts: ClanDayVerdict[] = [];
  for (let t = from.getTime() + DAY; t < to.getTime(); t += HOUR) {
    const info = w.sim.state.period(new Date(t));
    if (info.dayOfWeek < 3 || info.end.getTime() > to.getTime() - 6 * HOUR) continue;
    const day = (info.dayOfWeek - 2) as 1 | 2 | 3 | 4;
    const dayKey = `${info.seasonId}/${info.sectionIndex}/${day}`;
    if (seen.has(dayKey)) continue;
    seen.add(dayKey);
    const listedIn = new Map<string, string[]>();
    const perClan: {
      clanTag: string;
      verdict: ClanDayVerdict;
      rows: DeckRow[];
      reportedAt: Date;
      raceFinished: boolean;
      /** the player was in this clan at its reset, or at its last look before it */
      heldAtReset: (tag: string) => boolean;
    }[] = [];
    for (const clanTag of clans) {
      const verdict: ClanDayVerdict = { key: `${clanTag} ${dayKey}`, problems: [], movers: [] };
      verdicts.push(verdict);
      const checked = await reportOf(w, clanTag, info, day, verdict.problems);
      if (!checked) continue;
      const rows = await db
        .selectFrom('war_day_decks')
        .selectAll()
        .where('clan_tag', '=', clanTag)
        .where('season_id', '=', info.seasonId)
        .where('section_index', '=', info.sectionIndex)
        .where('day', '=', day)
        .execute();
      for (const r of rows) listedIn.set(r.player_tag, [...(listedIn.get(r.player_tag) ?? []), clanTag]);
      const start = w.sim.state.clanState(clanTag)!.ledger.day(info.seasonId, info.periodIndex).start;
      const look = await lastLookBefore(w, clanTag, start);
      const heldAtReset = (tag: string) =>
        fam.clanOf(tag, start) === clanTag || (look !== null && fam.clanOf(tag, look) === clanTag);
      perClan.push({ clanTag, verdict, rows, heldAtReset, ...checked });
    }
    for (const { clanTag, verdict, rows, reportedAt, raceFinished } of perClan) {
      const { problems } = verdict;
      const ledgerDay = w.sim.state.clanState(clanTag)!.ledger.day(info.seasonId, info.periodIndex);
      const lookedAt = await lastLookBefore(w, clanTag, ledgerDay.start);
      const inAt = (tag: string, at: Date | null) => at !== null && fam.clanOf(tag, at) === clanTag;
      for (const row of rows) {
        const tag = row.player_tag;
        const { here, elsewhere } = decksOf(w, clanTag, tag, info.seasonId, info.periodIndex);
        const total = here + elsewhere;
        if (elsewhere > 0)
          verdict.movers.push({
            tag,
            status: row.status,
            decksUsed: row.decks_used,
            decksUsedMax: row.decks_used_max,
            here,
            elsewhere,
          });
        const atReset = inAt(tag, ledgerDay.start);
        const atLook = inAt(tag, lookedAt);
        if (!atReset && !atLook && !inAt(tag, reportedAt) && !inAt(tag, new Date(reportedAt.getTime() - HOUR)))
          problems.push(`${tag} was neither in the clan at the reset nor when reported`);
        if (total < row.decks_used || total > row.decks_used_max)
          problems.push(
            `${tag} used ${total} in the family, reported ${row.decks_used}–${row.decks_used_max} (${row.status})`,
          );
        if (row.status === 'ok' && total !== 4) problems.push(`${tag} marked ok but used ${total}`);
        // a day another clan should have listed, reported there while the player was between clans, is listed here
        const lateHere = perClan.some(
          (o) => o.clanTag !== clanTag && !o.rows.some((r) => r.player_tag === tag) && o.heldAtReset(tag),
        );
        if (
          (row.status === 'inactive' || row.status === 'uncertain') &&
          !atReset &&
          !atLook &&
          !raceFinished &&
          !lateHere
        )
          problems.push(`${tag} was not in the clan when the day began but was judged`);
        if ((row.status === 'joined-during-day' || row.status === 'untracked') && atLook)
          problems.push(`${tag} excused (${row.status}) but was in the clan at the last look before the reset`);
      }
      const rowTags = new Set(rows.map((r) => r.player_tag));
      // still in the family when the clan reported (an hour's lag allowed: the other clans' rosters are polled hourly)
      const inFamily = (tag: string) =>
        fam.clanOf(tag, reportedAt) !== null && fam.clanOf(tag, new Date(reportedAt.getTime() - HOUR)) !== null;
      for (const tag of fam.membersAt(clanTag, ledgerDay.start)) {
        if (rowTags.has(tag) || !inAt(tag, lookedAt) || !inFamily(tag) || listedIn.has(tag)) continue;
        problems.push(`${tag} was in the clan at the reset and at the last look, and is missing from its report`);
      }
      for (const tag of fam.membersAt(clanTag, reportedAt))
        if (!listedIn.has(tag)) problems.push(`${tag} (a member when reported) is in no clan's report of the day`);
    }
    for (const [tag, where] of listedIn)
      if (where.length > 1) perClan[0]?.verdict.problems.push(`${tag}'s day is listed in ${where.join(' and ')}`);
  }
  return verdicts;
}

/** The clan's one report of the day, checked for being once and after the reset; null when there is none. */
async function reportOf(
  w: WarTimeline,
  clanTag: string,
  info: { seasonId: number; sectionIndex: number; periodIndex: number; start: Date },
  day: 1 | 2 | 3 | 4,
  problems: string[],
): Promise<{ reportedAt: Date; raceFinished: boolean } | null> {
  const db = w.t.db.kysely;
  const first = await db
    .selectFrom('war_state_cache')
    .select('taken_at')
    .where('clan_tag', '=', clanTag)
    .orderBy('taken_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  const trackedFrom = first ? new Date(first.taken_at).getTime() : Infinity;
  const clanDay = w.sim.state.clanState(clanTag)!.ledger.day(info.seasonId, info.periodIndex);
  const found = reportedDays(w.runs.filter((r) => r.clanTag === clanTag)).filter(
    (r) => r.day.seasonId === info.seasonId && r.day.sectionIndex === info.sectionIndex && r.day.day === day,
  );
  if (found.length > 1 || (clanDay.start.getTime() >= trackedFrom && found.length !== 1))
    problems.push(`reported ${found.length} times`);
  const [report] = found;
  if (!report) return null;
  if (report.run.finishedAt < clanDay.end)
    problems.push(`reported at ${report.run.finishedAt.toISOString()}, before the reset`);
  const finishedAt = w.sim.state.clanState(clanTag)!.ledger.finishedAt(info.seasonId, info.sectionIndex);
  const raceFinished = finishedAt !== null && finishedAt.getTime() <= clanDay.start.getTime();
  if (report.day.raceFinished !== raceFinished) problems.push(`race finished says ${report.day.raceFinished}`);
  const rows = await db
    .selectFrom('war_day_decks')
    .select(['player_tag', 'status'])
    .where('clan_tag', '=', clanTag)
    .where('season_id', '=', info.seasonId)
    .where('section_index', '=', info.sectionIndex)
    .where('day', '=', day)
    .execute();
  // excused when the report was written: not listed as inactive, whatever the stored counts say
  const date = clanDay.start.toISOString().slice(0, 10);
  const excused = await db
    .selectFrom('excused_absences')
    .select('player_tag')
    .where('status', '=', 'approved')
    .where('starts_on', '<=', date)
    .where('ends_on', '>=', date)
    .where('decided_at', '<=', report.run.finishedAt.toISOString())
    .execute();
  const excusedTags = new Set(excused.map((e) => e.player_tag));
  for (const row of rows) {
    const listed = report.day.inactivePlayers.some((p) => p.tag === row.player_tag);
    const inactive = row.status === 'inactive' && !excusedTags.has(row.player_tag);
    if (raceFinished ? listed : listed !== inactive)
      problems.push(`${row.player_tag} listed ${listed} but ${row.status}`);
  }
  return { reportedAt: report.run.finishedAt, raceFinished };
}

/** When the clan's roster was last looked at before `at`. */
async function lastLookBefore(w: WarTimeline, clanTag: string, at: Date): Promise<Date | null> {
  const row = await w.t.db.kysely
    .selectFrom('war_state_cache')
    .select('taken_at')
    .where('clan_tag', '=', clanTag)
    .where('member_tags', 'is not', null)
    .where('taken_at', '<', at.toISOString())
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.taken_at) : null;
}

/** The week's battle days of one river race week (periods 7s+3 … 7s+6). */
export const weekPeriods = (sectionIndex: number) => [3, 4, 5, 6].map((d) => 7 * sectionIndex + d);

/**
 * A player's decks and fame in one week for one clan, from the ledger. Decks after the day whose close took the clan
 * over the finish line still count, but earn no fame (docs/clash-royale-api.md §7.3).
 */
export function weekOf(w: WarTimeline, clanTag: string, tag: string, seasonId: number, sectionIndex: number) {
  const finishedAt = w.sim.state.clanState(clanTag)!.ledger.finishedAt(seasonId, sectionIndex);
  const lastFamePeriod = finishedAt ? w.sim.state.period(new Date(finishedAt.getTime() - 1)).periodIndex : Infinity;
  let decks = 0;
  let fame = 0;
  for (const p of weekPeriods(sectionIndex)) {
    const d = decksOf(w, clanTag, tag, seasonId, p);
    decks += d.here;
    if (p <= lastFamePeriod) fame += d.fame;
  }
  return { decks, fame };
}
