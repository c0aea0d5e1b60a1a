/* eslint-disable @typescript-eslint/no-explicit-any -- raw simulator payloads, as the family tests read them */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyReportResponse } from '#contracts/admin-family-report';
import { DEFAULT_WAR_RULES } from '#contracts/war-rules';
import { ManualClock } from '#server/lib/clock';
import { riverRaceLogItemSchema } from '#server/clients/clash-royale/schemas';
import { logWeekFromApi } from '#server/modules/war/api-adapters';
import { insertRiverRaceWeek } from '#server/modules/war/river-race.repository';
import { FAMILY_MOVE_WINDOW_MS, observeRoster } from '#server/modules/war/roster.repository';
import { bearer, loginToken } from '#test/helpers/auth';
import { scriptTestApp } from '#test/helpers/scripts';
import type { TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';
import { DAY, FAMILY_TAGS, FEEDERS, FROM, HOUR, MAIN, ask, familyState } from '#test/simulator/family-helpers';

/**
 * The family War report (docs/decisions/104-per-clan-webhooks.md) against the simulated family of three: the stored
 * rows are what ClanOps would keep (each clan's river race log, each clan's member list polled every 30 minutes);
 * the expected promotion candidates and at-risk members are worked out here from the simulator's ledger of who was
 * where and which decks they used, with the main clan's default rules (2,000 fame, 5 missed attacks of 4 a day).
 */
const STEP = 30 * 60_000;
const WEEK = 7 * DAY;

describe.each(engines)('the family War report on %s', (engine) => {
  const state = familyState();
  const ledger = state.family!;
  // the first regular (not colosseum) week at least two weeks into the simulated month
  let week = state.period(new Date(FROM + 15 * DAY));
  for (let t = FROM + 15 * DAY; week.isColosseumWeek; t += WEEK) week = state.period(new Date(t));
  const end = state.calendar.weekBounds(week.seasonId, week.sectionIndex).end;
  const now = end + 2 * HOUR;
  const weekStart = end - WEEK;
  const observeFrom = weekStart - 3 * DAY;
  let t: TestApp;
  let report: FamilyReportResponse;

  beforeAll(async () => {
    t = await scriptTestApp(engine, new ManualClock(new Date(now)));
    const k = t.db.kysely;
    expect(t.app.ctx.clans.main.tag).toBe(MAIN);
    await k
      .insertInto('clans')
      .values(
        FEEDERS.map((c, i) => ({ tag: c.tag, role: 'family', position: i + 1, added_at: '2026-11-01T00:00:00.000Z' })),
      )
      .execute();
    await t.app.ctx.clans.reload(k);
    for (let at = observeFrom; at <= now; at += STEP) {
      for (const [i, clan] of FAMILY_TAGS.entries()) {
        const items = ask(state, 'members', clan, at).body.items as any[];
        const members = items.map((m) => ({ tag: m.tag, name: m.name, role: m.role }));
        await observeRoster(k, clan, members, new Date(at + i * 1000));
      }
    }
    for (const clan of FAMILY_TAGS) {
      const item = ask(state, 'riverracelog', clan, now, 'limit=1').body.items[0];
      expect([item.seasonId, item.sectionIndex]).toEqual([week.seasonId, week.sectionIndex]);
      // stored as the river race log script stores it: the clan's own standing, every participant a member at the end
      const parsed = riverRaceLogItemSchema.parse(item);
      const own = logWeekFromApi({ ...parsed, createdDate: parsed.createdDate! }, clan)!;
      await insertRiverRaceWeek(k, clan, own, new Set(own.participants.map((p) => p.tag)), new Date(now));
    }
    const res = await t.app.inject({ url: '/api/admin/war-report/family', headers: bearer(await loginToken(t.app)) });
    expect(res.statusCode).toBe(200);
    report = res.json();
  }, 240_000);
  afterAll(() => t?.close());

  /** From the ledger: the clan a player is in at each poll, and their week's decks and fame in every family clan. */
  function truth() {
    const samples: number[] = [];
    for (let at = observeFrom; at <= now; at += STEP) samples.push(at);
    const current = new Map<string, string>();
    for (const clan of FAMILY_TAGS) for (const tag of ledger.membersAt(clan, new Date(now))) current.set(tag, clan);
    /** in the family for the whole week: back from now, one stay or moves to another clan within the move window */
    const wholeWeek = (tag: string) => {
      let clan = current.get(tag)!;
      let lastSeen = now;
      for (let i = samples.length - 1; i >= 0; i--) {
        const at = samples[i]!;
        const here = ledger.clanOf(tag, new Date(at));
        if (here === null) {
          if (lastSeen - at > FAMILY_MOVE_WINDOW_MS) return false;
          continue;
        }
        if (here === clan && lastSeen - at > STEP) return false; // back in the same clan after a gap: a new stint
        clan = here;
        lastSeen = at;
        if (at <= weekStart) return true;
      }
      return false;
    };
    const played = (tag: string) => {
      let fame = 0;
      let decks = 0;
      for (const d of [3, 4, 5, 6]) {
        for (const a of ledger.attacks(tag, week.seasonId, 7 * week.sectionIndex + d)) {
          fame += a.fame;
          decks += 1;
        }
      }
      return { fame, decks };
    };
    return { current, wholeWeek, played };
  }

  it('lists every current member of the three clans once, in the clan the ledger puts them in', () => {
    const { current } = truth();
    expect(report.members.map((m) => [m.tag, m.clanTag]).sort()).toEqual([...current].sort());
    expect(report.weeks.map((w) => [w.seasonId, w.sectionIndex])).toEqual([[week.seasonId, week.sectionIndex]]);
    // a player who moved in the middle of the week has one row, both clans' parts added
    const movers = report.members.filter((m) => (m.weeks[0]?.clans.length ?? 0) > 1);
    expect(movers.length).toBeGreaterThan(0);
    const { played } = truth();
    for (const m of movers) expect(m.weeks[0]!.fame).toBe(played(m.tag).fame);
  });

  it('names as promotion candidates exactly the feeder members the main clan’s rules would not flag', () => {
    const { current, wholeWeek, played } = truth();
    const rules = DEFAULT_WAR_RULES;
    const flagged = (tag: string) => {
      const p = played(tag);
      return p.fame < rules.minimumFamePerWar || 4 * rules.attacksPerDay - p.decks >= rules.missedAttacksForRemoval;
    };
    const judged = [...current].filter(([tag]) => wholeWeek(tag));
    const candidates = judged.filter(([tag, clan]) => clan !== MAIN && !flagged(tag)).map(([tag]) => tag);
    const atRisk = judged.filter(([tag, clan]) => clan === MAIN && flagged(tag)).map(([tag]) => tag);
    expect(candidates.length).toBeGreaterThan(0);
    expect(atRisk.length).toBeGreaterThan(0);
    expect(report.promotionCandidates.map((c) => c.tag).sort()).toEqual(candidates.sort());
    expect(report.atRisk.map((c) => c.tag).sort()).toEqual(atRisk.sort());
    for (const c of [...report.promotionCandidates, ...report.atRisk]) {
      const p = played(c.tag);
      expect([c.tag, c.fame, c.decksUsed]).toEqual([c.tag, p.fame, p.decks]);
    }
  });
});
