/**
 * Every member's day true (docs/war-tracking.md §5, "One day, one clan"): one war week of a family of three, each of
 * the cases below scripted for a player of its own in the simulator (moves, returns, decks, absences), the real
 * scheduler running every clan's scripts on a manual clock. Each expected value is written by hand from the script of
 * its case, never from ClanOps' rules: the simulator's ledger says where the player was and which decks they used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyReportResponse } from '#contracts/admin-family-report';
import type { WarRemindersResult } from '#contracts/admin-scripts';
import type { MemberPageResponse } from '#contracts/member-page';
import type { WarReportResponse } from '#contracts/war-insights';
import { discordName } from '#server/modules/war/discord-text';
import { bearer, loginToken } from '#test/helpers/auth';
import { engines } from '#test/helpers/test-db';
import { HOUR, MINUTE, warTimeline, type WarTimeline } from '#test/helpers/war-timeline';

const MAIN = '#2PQ8L0C';
const ACADEMY = '#8QJ2YLUC';
const YOUTH = '#9PG2C0QV';
const FAMILY = [
  { tag: ACADEMY, name: 'Demo Academy' },
  { tag: YOUTH, name: 'Demo Youth' },
];
const START = '2026-11-23T09:00:00.000Z'; // the Monday the week (season 138, week 4) begins
const END = '2026-11-30T17:00:00.000Z'; // the Monday after, the river race log stored
const SEASON = 138;
const SECTION = 3;

type Row = {
  clan_tag: string;
  player_tag: string;
  day: number;
  status: string;
  decks_used: number;
  decks_used_max: number;
  parts: string | null;
};

describe.each(engines)('every member’s day true (%s)', (engine) => {
  let w: WarTimeline;
  let headers: Record<string, string>;
  /** the players of each case, main-clan members who never play on their own in the scripted days */
  const cast: Record<string, string> = {};
  let reminderRun: { status: string; result: unknown } | null = null;
  const reset = (day: 1 | 2 | 3 | 4 | 5) =>
    w.sim.state.clanState(MAIN)!.ledger.day(SEASON, 7 * SECTION + 2 + day).start;
  const rows = async (tag: string): Promise<Row[]> =>
    (await w.t.db.kysely
      .selectFrom('war_day_decks')
      .selectAll()
      .where('player_tag', '=', tag)
      .where('season_id', '=', SEASON)
      .where('section_index', '=', SECTION)
      .execute()) as Row[];
  const get = async <T>(url: string): Promise<T> => {
    const res = await w.t.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    w = await warTimeline(engine, START, {
      seed: 3,
      family: FAMILY,
      moveRate: 0,
      env: { FAMILY_CLAN_TAGS: `${ACADEMY},${YOUTH}` },
    });
    headers = bearer(await loginToken(w.t.app));
    const sim = w.sim.state;
    // long-standing main members other than the leader, in the clan the whole week
    const members = sim
      .membersAt(new Date(START))
      .filter((m) => m.role !== 'leader' && m.joinedAt.getTime() < Date.parse('2026-10-01T00:00:00Z'))
      .filter((m) => sim.family!.clanOf(m.tag, new Date(END)) === MAIN)
      .map((m) => m.tag)
      .sort();
    const roles = ['away', 'done', 'returnDay', 'dayBefore', 'rejoin', 'finished', 'excused', 'late'];
    roles.forEach((role, i) => (cast[role] = members[i * 3]!));
    const at = (day: 1 | 2 | 3 | 4 | 5, minutes: number) => new Date(reset(day).getTime() + minutes * MINUTE);
    for (const tag of Object.values(cast)) for (const day of [1, 2, 3, 4] as const) sim.silence(tag, at(day, 60));

    // in the main clan at Friday's reset, to the Academy at noon, four decks there, back before Saturday's report
    sim.move(cast.away!, ACADEMY, at(2, 150), at(2, 155));
    sim.attack(cast.away!, at(2, 180), 4);
    sim.move(cast.away!, MAIN, at(3, 10), at(3, 15));
    // all four decks of Friday here, then to the Youth just after Saturday's reset, before the main clan reports
    sim.attack(cast.done!, at(2, 150), 4);
    sim.move(cast.done!, YOUTH, at(3, 12), at(3, 14));
    // Saturday: in the main clan at the reset and at its next look, four decks in the Academy, back in the evening
    sim.move(cast.returnDay!, ACADEMY, at(3, 150), at(3, 155));
    sim.attack(cast.returnDay!, at(3, 180), 4);
    sim.move(cast.returnDay!, MAIN, at(3, 500), at(3, 505));
    // Thursday: two decks in the evening, two just before Friday's reset; after it, two in the Youth, back at once
    sim.attack(cast.dayBefore!, at(1, 600), 2);
    sim.attack(cast.dayBefore!, at(2, -15), 1);
    sim.attack(cast.dayBefore!, at(2, -5), 1);
    sim.move(cast.dayBefore!, YOUTH, at(2, 2), at(2, 4));
    sim.attack(cast.dayBefore!, at(2, 6), 2);
    sim.move(cast.dayBefore!, MAIN, at(2, 14), at(2, 16));
    // no deck on Thursday or Friday, leaves on Saturday and comes back two hours later
    sim.move(cast.rejoin!, MAIN, at(3, 150), at(3, 270));
    // 4, 4, 3, then nothing on Sunday: the clan crossed the finish line at Saturday's close
    sim.attack(cast.finished!, at(1, 60), 4);
    sim.attack(cast.finished!, at(2, 60), 4);
    sim.attack(cast.finished!, at(3, 60), 3);
    sim.forceFinish(SEASON, SECTION, 3, MAIN);
    // 'excused' plays nothing and is excused for the whole week before it; 'late' plays nothing on Friday and is
    // excused for it after Saturday's report
    sim.attack(cast.late!, at(1, 60), 4);
    sim.attack(cast.late!, at(3, 60), 4);
    sim.attack(cast.late!, at(4, 60), 4);
    const absence = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/absences',
      headers,
      payload: { playerTag: cast.excused, startsOn: '2026-11-26', endsOn: '2026-11-29', reason: 'holiday' },
    });
    expect(absence.statusCode, absence.body).toBe(200);
    const rules = await get<Record<string, unknown>>('/api/admin/war-rules');
    const saved = await w.t.app.inject({
      method: 'PUT',
      url: '/api/admin/war-rules',
      headers,
      payload: { ...rules, weeklySummary: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // an Academy member plays their four decks there on Friday, then joins the Youth: the Youth's reminder skips them
    for (const tag of sim.family!.membersAt(ACADEMY, new Date(START)).sort()) {
      if (sim.family!.clanOf(tag, new Date(END)) !== ACADEMY) continue;
      try {
        sim.move(tag, YOUTH, at(2, 180), at(2, 200));
        cast.doneElsewhere = tag;
        break;
      } catch {
        // the Academy's leader cannot be moved
      }
    }
    for (const day of [1, 2, 3, 4] as const) sim.silence(cast.doneElsewhere!, at(day, 60));
    sim.attack(cast.doneElsewhere!, at(2, 120), 4);

    await w.start();
    await w.driveUntil(at(2, 360));
    const reminders = w.t.app.services.scripts.find('war-reminders')!;
    reminderRun = await w.t.app.services.scripts.runNow(reminders, 'manual', YOUTH);
    await w.driveUntil(new Date(reset(3).getTime() + 3 * HOUR));
    headers = bearer(await loginToken(w.t.app)); // a session lasts a day
    const late = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/absences',
      headers,
      payload: { playerTag: cast.late, startsOn: '2026-11-27', endsOn: '2026-11-27', reason: 'exam' },
    });
    expect(late.statusCode, late.body).toBe(200);
    await w.driveUntil(END);
    headers = bearer(await loginToken(w.t.app));
  }, 600_000);
  afterAll(async () => w?.close());

  it('a move after the reset, back before the report: the day stays in the clan of the reset, with the decks played elsewhere', async () => {
    const friday = (await rows(cast.away!)).filter((r) => r.day === 2);
    expect(friday).toHaveLength(1);
    expect(friday[0]).toMatchObject({ clan_tag: MAIN, status: 'ok', decks_used: 4, decks_used_max: 4 });
    expect(JSON.parse(friday[0]!.parts!)).toEqual([
      { clanTag: MAIN, clanName: null, decksUsed: 0, maxDecksUsed: 0 },
      { clanTag: ACADEMY, clanName: 'Demo Academy', decksUsed: 4, maxDecksUsed: 4 },
    ]);
  });

  it('all four decks here, then another clan before the report: the day stays here, the new clan never lists it', async () => {
    const done = await rows(cast.done!);
    expect(done.filter((r) => r.day === 2)).toEqual([
      expect.objectContaining({ clan_tag: MAIN, status: 'ok', decks_used: 4, decks_used_max: 4, parts: null }),
    ]);
    const page = await get<MemberPageResponse>(`/api/clan/members/${cast.done!.slice(1)}/history`);
    const week = page.weeks.find((x) => x.seasonId === SEASON && x.sectionIndex === SECTION)!;
    expect(week.days[1]).toMatchObject({ note: 'counted', decksUsed: 4, clanTag: MAIN });
  });

  it('the family report misses what the clan report misses: a finish at the close of day 3 leaves day 4 out', async () => {
    const clan = await get<WarReportResponse>('/api/admin/war-report');
    const family = await get<FamilyReportResponse>('/api/admin/war-report/family');
    // 4, 4, 3 and a Sunday after the finish: one certain miss, never five
    expect(clan.missedAttacks.map((f) => f.tag)).not.toContain(cast.finished);
    expect(family.members.map((m) => m.tag)).toContain(cast.finished);
    expect(family.atRisk.find((j) => j.tag === cast.finished)?.flags ?? []).not.toContain('missed-attacks');
  });

  it('an absence for the whole week: no fame minimum, no missed attacks, in neither report', async () => {
    const clan = await get<WarReportResponse>('/api/admin/war-report');
    const family = await get<FamilyReportResponse>('/api/admin/war-report/family');
    expect(clan.belowFame.map((f) => f.tag)).not.toContain(cast.excused);
    expect(clan.missedAttacks.map((f) => f.tag)).not.toContain(cast.excused);
    expect(family.atRisk.map((j) => j.tag)).not.toContain(cast.excused);
  });

  it('an absence approved after the day’s report excuses the day in every view at once, the streak too', async () => {
    // Friday was stored as the counts said (0 of 4); the absence approved the next day excuses it everywhere now
    const friday = (await rows(cast.late!)).find((r) => r.day === 2)!;
    expect(friday).toMatchObject({ clan_tag: MAIN, status: 'inactive', decks_used: 0 });
    const page = await get<MemberPageResponse>(`/api/clan/members/${cast.late!.slice(1)}/history`);
    const week = page.weeks.find((x) => x.seasonId === SEASON && x.sectionIndex === SECTION)!;
    // Sunday came after the clan's finish at Saturday's close
    expect(week.days.map((d) => d.note)).toEqual(['counted', 'excused', 'counted', 'race-finished']);
    expect(page.fullDeckStreak).toBeGreaterThanOrEqual(2);
    const clan = await get<WarReportResponse>('/api/admin/war-report');
    expect(clan.missedAttacks.map((f) => f.tag)).not.toContain(cast.late);
  });

  it('the weekly summary reads the same days: the excused and the finished are not at risk, the rejoiner is', async () => {
    const posted = await w.t.db.kysely
      .selectFrom('discord_outbox')
      .select('payload')
      .where('clan_tag', '=', MAIN)
      .execute();
    const text = posted
      .map((p) => (JSON.parse(p.payload) as { content: string }).content)
      .find((c) => c.includes('War summary · Season 138 · Week 4'));
    expect(text).toBeDefined();
    const line = (tag: string) => {
      const name = w.sim.state.membersAt(new Date(END)).find((m) => m.tag === tag)!.name;
      return `- ${discordName(name)}:`;
    };
    const atRisk = text!.split('**At risk**')[1]!;
    for (const tag of [cast.excused!, cast.late!, cast.finished!]) expect(atRisk).not.toContain(line(tag));
    expect(atRisk).toContain(line(cast.rejoin!));
  });

  it('the return day: boundaries from the same stint, the decks shown where they were played', async () => {
    const saturday = (await rows(cast.returnDay!)).filter((r) => r.day === 3);
    expect(saturday).toHaveLength(1);
    expect(saturday[0]).toMatchObject({ clan_tag: MAIN, status: 'ok', decks_used: 4 });
    expect(JSON.parse(saturday[0]!.parts!)).toEqual([
      { clanTag: MAIN, clanName: null, decksUsed: 0, maxDecksUsed: 0 },
      { clanTag: ACADEMY, clanName: 'Demo Academy', decksUsed: 4, maxDecksUsed: 4 },
    ]);
  });

  it('the day before a hop across the reset: all four decks counted from the stint of the reset', async () => {
    const thursday = (await rows(cast.dayBefore!)).find((r) => r.day === 1)!;
    expect(thursday).toMatchObject({ clan_tag: MAIN, status: 'ok', decks_used: 4, decks_used_max: 4 });
  });

  it('a rejoin keeps the week’s judgement: leaving is no way out of the report', async () => {
    const report = await get<WarReportResponse>('/api/admin/war-report');
    expect(report.missedAttacks.find((f) => f.tag === cast.rejoin)?.evidence.missed).toBeGreaterThanOrEqual(8);
    expect(report.notWholeWar.map((f) => f.tag)).not.toContain(cast.rejoin);
  });

  it('a reminder does not ask a member who used all four decks in another family clan today', () => {
    expect(reminderRun?.status).toBe('completed');
    const players = (reminderRun!.result as WarRemindersResult).players;
    expect(players.length).toBeGreaterThan(0);
    expect(players.map((p) => p.tag)).not.toContain(cast.doneElsewhere);
    expect(w.sim.state.family!.clanOf(cast.doneElsewhere!, new Date(reset(2).getTime() + 6 * HOUR))).toBe(YOUTH);
  });

  it('A → B → A keeps every stint', async () => {
    const page = await get<MemberPageResponse>(`/api/clan/members/${cast.away!.slice(1)}/history`);
    expect(page.stints?.map((s) => s.clan.tag)).toEqual([MAIN, ACADEMY, MAIN]);
  });
});
