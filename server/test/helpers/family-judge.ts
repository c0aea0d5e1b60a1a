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

/**
 * Every battle day of `clanTag` that ended inside [from, to]: reported once by that clan's own inactive-players runs,
 * every count exact or a range holding the decks this clan got, nobody judged who was out of the clan at the reset and
 * at the last look before it, every member at the report's time listed, nobody listed who was not a member then.
 */
export async function judgeClanDays(w: WarTimeline, clanTag: string, from: Date, to: Date): Promise<ClanDayVerdict[]> {
  const fam = family(w);
  const clanLedger = w.sim.state.clanState(clanTag)!.ledger;
  const db = w.t.db.kysely;
  const snapshots = () => db.selectFrom('war_state_cache').select('taken_at').where('clan_tag', '=', clanTag);
  const first = await snapshots().orderBy('taken_at', 'asc').limit(1).executeTakeFirst();
  const trackedFrom = first ? new Date(first.taken_at).getTime() : Infinity;
  const reports = reportedDays(w.runs.filter((r) => r.clanTag === clanTag));
  const verdicts: ClanDayVerdict[] = [];
  for (let t = from.getTime() + DAY; t < to.getTime(); t += HOUR) {
    const info = w.sim.state.period(new Date(t));
    // a day is judged once its report had time to run (the reset, then the report's window)
    if (info.dayOfWeek < 3 || info.end.getTime() > to.getTime() - 6 * HOUR) continue;
    const day = (info.dayOfWeek - 2) as 1 | 2 | 3 | 4;
    const key = `${clanTag} ${info.seasonId}/${info.sectionIndex}/${day}`;
    if (verdicts.some((v) => v.key === key)) continue;
    const verdict: ClanDayVerdict = { key, problems: [], movers: [] };
    verdicts.push(verdict);
    const { problems } = verdict;
    const found = reports.filter(
      (r) => r.day.seasonId === info.seasonId && r.day.sectionIndex === info.sectionIndex && r.day.day === day,
    );
    if (found.length > 1 || (info.start.getTime() >= trackedFrom && found.length !== 1))
      problems.push(`reported ${found.length} times`);
    const [report] = found;
    if (!report) continue;
    const { run, day: reported } = report;
    if (run.finishedAt < info.end) problems.push(`reported at ${run.finishedAt.toISOString()}, before the reset`);
    const finishedAt = clanLedger.finishedAt(info.seasonId, info.sectionIndex);
    const raceFinished = finishedAt !== null && finishedAt.getTime() <= info.start.getTime();
    if (reported.raceFinished !== raceFinished) problems.push(`race finished says ${reported.raceFinished}`);

    const rows = await db
      .selectFrom('war_day_decks')
      .selectAll()
      .where('clan_tag', '=', clanTag)
      .where('season_id', '=', info.seasonId)
      .where('section_index', '=', info.sectionIndex)
      .where('day', '=', day)
      .execute();
    const members = fam.membersAt(clanTag, run.finishedAt);
    const rowTags = new Set(rows.map((r) => r.player_tag));
    for (const tag of members) if (!rowTags.has(tag)) problems.push(`${tag} (a member) is missing from the report`);
    const lastLook = await snapshots()
      .where('member_tags', 'is not', null)
      .where('taken_at', '<', info.start.toISOString())
      .orderBy('taken_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const lookedAt = lastLook ? new Date(lastLook.taken_at) : null;
    for (const row of rows) {
      const tag = row.player_tag;
      if (!members.includes(tag)) problems.push(`${tag} was not a member when reported`);
      const { here, elsewhere } = decksOf(w, clanTag, tag, info.seasonId, info.periodIndex);
      if (elsewhere > 0)
        verdict.movers.push({
          tag,
          status: row.status,
          decksUsed: row.decks_used,
          decksUsedMax: row.decks_used_max,
          here,
          elsewhere,
        });
      const atReset = fam.clanOf(tag, info.start) === clanTag;
      const atLastLook = lookedAt !== null && fam.clanOf(tag, lookedAt) === clanTag;
      if (here < row.decks_used || here > row.decks_used_max)
        problems.push(`${tag} used ${here} here, reported ${row.decks_used}–${row.decks_used_max} (${row.status})`);
      if (row.status === 'ok' && here !== 4) problems.push(`${tag} marked ok but used ${here} here`);
      if ((row.status === 'inactive' || row.status === 'uncertain') && !atReset && !atLastLook && !raceFinished)
        problems.push(`${tag} was not in the clan when the day began but was judged`);
      if ((row.status === 'joined-during-day' || row.status === 'untracked') && atLastLook)
        problems.push(`${tag} excused (${row.status}) but was in the clan at the last look before the reset`);
      const listed = reported.inactivePlayers.some((p) => p.tag === tag);
      if (raceFinished ? listed : listed !== (row.status === 'inactive'))
        problems.push(`${tag} listed ${listed} but ${row.status}`);
    }
  }
  return verdicts;
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
