import { toWebhookPayloads, type DiscordMessage } from '../../src/clients/discord/payload.js';
import { DAY, reportedDays, type WarTimeline } from './war-timeline.js';

/** What the judge found for one battle day (docs/war-tracking.md §9). */
export interface Verdict {
  key: string;
  late: boolean;
  exact: boolean;
  uncertain: number;
  ranged: number;
  untracked: number;
  raceFinished: boolean;
  ambiguousJoiners: number;
  problems: string[];
}

/**
 * Judges every battle day that ended inside [from, to] against the simulator's ledger, never
 * against ClanOps' own rules: reported once (days that began before the first snapshot: at most
 * once), never before its reset, the race-finished flag as the ledger's finish says, every count
 * exact or a range holding the truth, nobody judged who was out of the clan both at the reset and at
 * the last look before it, nobody excused who was in the clan at that last look.
 */
export async function judgeBattleDays(w: WarTimeline, from: Date, to: Date): Promise<Verdict[]> {
  const ledger = w.sim.state.ledger;
  const db = w.t.db.kysely;
  const reports = reportedDays(w.runs);
  const first = await db
    .selectFrom('war_state_cache')
    .select('taken_at')
    .orderBy('taken_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  const trackedFrom = first ? new Date(first.taken_at).getTime() : Infinity;
  const verdicts: Verdict[] = [];
  for (let t = from.getTime() + DAY; t < to.getTime() - DAY; t += DAY) {
    const info = w.sim.state.period(new Date(t));
    if (info.dayOfWeek < 3 || info.end.getTime() > to.getTime() - DAY) continue;
    const day = (info.dayOfWeek - 2) as 1 | 2 | 3 | 4;
    const key = `${info.seasonId}/${info.sectionIndex}/${day}`;
    if (verdicts.some((v) => v.key === key)) continue;
    const problems: string[] = [];
    const found = reports.filter(
      (r) => r.day.seasonId === info.seasonId && r.day.sectionIndex === info.sectionIndex && r.day.day === day,
    );
    const mustReport = info.start.getTime() >= trackedFrom;
    if (found.length > 1 || (mustReport && found.length !== 1)) problems.push(`reported ${found.length} times`);
    const verdict: Verdict = {
      key,
      late: false,
      exact: false,
      uncertain: 0,
      ranged: 0,
      untracked: 0,
      raceFinished: false,
      ambiguousJoiners: 0,
      problems,
    };
    verdicts.push(verdict);
    const [report] = found;
    if (!report) continue;
    const { run, day: reported } = report;
    if (run.finishedAt < info.end)
      problems.push(`reported at ${run.finishedAt.toISOString()} before the reset at ${info.end.toISOString()}`);

    const finishedAt = ledger.finishedAt(info.seasonId, info.sectionIndex);
    const raceFinished = finishedAt !== null && finishedAt.getTime() <= info.start.getTime();
    if (reported.raceFinished !== raceFinished)
      problems.push(`race finished says ${reported.raceFinished}, ledger ${raceFinished}`);

    const rows = await db
      .selectFrom('war_day_decks')
      .selectAll()
      .where('season_id', '=', info.seasonId)
      .where('section_index', '=', info.sectionIndex)
      .where('day', '=', day)
      .execute();
    const members = ledger.membersAt(run.finishedAt);
    const rowTags = new Set(rows.map((r) => r.player_tag));
    for (const tag of members) if (!rowTags.has(tag)) problems.push(`${tag} (a member) is missing from the report`);
    // the last roster ClanOps saw before the true reset: what it could know of who was there
    const lastLook = await db
      .selectFrom('war_state_cache')
      .select('taken_at')
      .where('member_tags', 'is not', null)
      .where('taken_at', '<', info.start.toISOString())
      .orderBy('taken_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const lookedAt = lastLook ? new Date(lastLook.taken_at) : null;
    for (const row of rows) {
      const tag = row.player_tag;
      if (!members.includes(tag)) problems.push(`${tag} was not a member when reported`);
      const truth = ledger.decksUsed(tag, info.seasonId, info.periodIndex);
      const atReset = ledger.isMemberAt(tag, info.start);
      const atLastLook = lookedAt !== null && ledger.isMemberAt(tag, lookedAt);
      const listed = reported.inactivePlayers.find((p) => p.tag === tag);
      switch (row.status) {
        case 'ok':
          if (truth !== 4) problems.push(`${tag} marked ok but used ${truth}`);
          break;
        case 'inactive':
        case 'uncertain':
          // leaving and coming back around the reset is judged as present (docs/decisions/043)
          if (!atReset && !atLastLook && !raceFinished)
            problems.push(`${tag} was not in the clan when the day began but was judged`);
          if (truth < row.decks_used || truth > row.decks_used_max)
            problems.push(`${tag} used ${truth}, reported ${row.decks_used}–${row.decks_used_max}`);
          break;
        case 'joined-during-day':
        case 'untracked':
          if (atLastLook)
            problems.push(`${tag} excused (${row.status}) but was in the clan at the last look before the reset`);
          else if (atReset) verdict.ambiguousJoiners++;
          if (row.status === 'untracked') verdict.untracked++;
          if (truth < row.decks_used || truth > row.decks_used_max)
            problems.push(`${tag} used ${truth}, reported ${row.decks_used}–${row.decks_used_max}`);
          break;
        default:
          problems.push(`${tag} has an unknown status ${row.status}`);
      }
      if (!raceFinished) {
        if (row.status === 'inactive' && !listed) problems.push(`${tag} inactive but not listed`);
        if (row.status !== 'inactive' && listed) problems.push(`${tag} listed but ${row.status}`);
        if (listed && truth === 4) problems.push(`${tag} used 4 but is listed`);
      } else if (listed) problems.push(`${tag} listed after the race was finished`);
    }
    verdict.late = run.trigger !== 'schedule';
    verdict.exact = rows.every((r) => r.decks_used === r.decks_used_max);
    verdict.uncertain = reported.uncertain;
    verdict.ranged = rows.filter((r) => r.status === 'inactive' && r.decks_used !== r.decks_used_max).length;
    verdict.raceFinished = raceFinished;
  }
  return verdicts;
}

export interface DeliveryVerdict {
  messages: number;
  parts: number;
  delivered: number;
  lost: number;
  duplicated: number;
  outOfOrder: boolean;
  undelivered: number;
  /** reminders dropped because Discord could not take them before their reset (docs/reminders.md) */
  expired: number;
  /** reminder parts Discord accepted at or after the reset of the day they were written for: must be 0 */
  lateReminders: number;
  /** the first few parts delivered more than once, for the failure message */
  sample: string[];
}

/**
 * Every message the outbox holds reached the Discord stand-in once, in the order it was written:
 * the parts the stand-in accepted, in order, are exactly the parts of every row, row after row. A reminder Discord
 * could not take before its reset is expired instead, and none of it arrives; no reminder arrives after the reset of
 * the day it was written for (the simulator's reset, never ClanOps' prediction).
 */
export async function judgeDelivery(w: WarTimeline, clanTag?: string): Promise<DeliveryVerdict> {
  if (!w.discord) throw new Error('the timeline has no Discord stand-in');
  // the stand-in is the main clan's webhook: a family's other clans keep their messages in the outbox
  let query = w.t.db.kysely.selectFrom('discord_outbox').selectAll().orderBy('id', 'asc');
  if (clanTag) query = query.where('clan_tag', '=', clanTag);
  const all = await query.execute();
  const partsOf = (r: (typeof all)[number]) =>
    toWebhookPayloads(JSON.parse(r.payload) as DiscordMessage).map((p) => p.content ?? '');
  const rows = all.filter((r) => r.status !== 'expired');
  const expired = all.filter((r) => r.status === 'expired');
  const expected = rows.flatMap(partsOf);
  const dropped = new Set(expired.flatMap(partsOf));
  const reminders = new Map<string, Date>();
  for (const r of all.filter((x) => x.script_id === 'war-reminders'))
    for (const part of partsOf(r)) reminders.set(part, w.period(new Date(r.created_at)).end);
  const lateReminders = w.discord.delivered.filter((d) => {
    const end = reminders.get(d.content);
    return dropped.has(d.content) || (end !== undefined && d.at >= end);
  }).length;
  const got = w.discord.delivered.map((d) => d.content).filter((c) => !dropped.has(c));
  const remaining = [...got];
  let lost = 0;
  for (const part of expected) {
    const i = remaining.indexOf(part);
    if (i < 0) lost++;
    else remaining.splice(i, 1);
  }
  return {
    messages: rows.length,
    parts: expected.length,
    delivered: got.length,
    lost,
    duplicated: remaining.length,
    outOfOrder: lost === 0 && remaining.length === 0 && expected.some((p, i) => got[i] !== p),
    undelivered: rows.filter((r) => r.status !== 'sent').length,
    expired: expired.length,
    lateReminders,
    sample: remaining.slice(0, 3).map((p) => p.slice(0, 80)),
  };
}

export function formatTable(rows: Record<string, number | string>): string {
  const width = Math.max(...Object.keys(rows).map((k) => k.length));
  return Object.entries(rows)
    .map(([k, v]) => `  ${k.padEnd(width)}  ${String(v).padStart(7)}`)
    .join('\n');
}
