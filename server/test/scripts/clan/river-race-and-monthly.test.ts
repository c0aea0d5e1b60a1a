import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { monthlyFameScript, riverRaceLogScript } from '#server/scripts/registry';
import { engines } from '../../helpers/test-db.js';
import { warTimeline, type WarTimeline } from '../../helpers/war-timeline.js';

describe.each(engines)('river-race-log and monthly-fame on %s', (engine) => {
  let w: WarTimeline;
  afterEach(async () => {
    await w?.close();
  });
  const count = async (table: 'river_race_data' | 'monthly_spotlight' | 'river_race_days' | 'discord_outbox') =>
    Number(
      (
        await w.t.db.kysely
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('backfills the whole log on the first run, then adds nothing on a rerun', async () => {
    w = await warTimeline(engine, '2026-11-23T15:00:00.000Z');
    const raw = w.sim.state.war.riverRaceLog(w.clock.now().getTime(), 10) as {
      items: {
        seasonId: number;
        sectionIndex: number;
        standings: { clan: { tag: string; participants: unknown[] } }[];
      }[];
    };
    const ours = raw.items.map(
      (i) => i.standings.find((s) => s.clan.tag === w.t.config.CLAN_TAG)!.clan.participants.length,
    );
    const first = await w.run(riverRaceLogScript);
    expect(first.status).toBe('completed');
    expect(first.result).toEqual({ memberCount: ours[0] });
    expect(await count('river_race_data')).toBe(ours.reduce((a, b) => a + b, 0));
    expect(first.details.dataProcessed).toBe(ours.reduce((a, b) => a + b, 0));
    expect(await count('river_race_days')).toBeGreaterThan(0);
    // Who was a member at the end is known for the newest week only; backfilled weeks say "unknown".
    const flags = await w.t.db.kysely
      .selectFrom('river_race_data')
      .select(['season_id', 'section_index', 'player_tag', 'was_member_at_end'])
      .execute();
    const newest = raw.items[0]!;
    const members = new Set(w.sim.state.ledger.membersAt(w.clock.now()));
    for (const row of flags) {
      const isNewest = row.season_id === newest.seasonId && row.section_index === newest.sectionIndex;
      expect(row.was_member_at_end).toBe(isNewest ? (members.has(row.player_tag) ? 1 : 0) : null);
    }

    const rerun = await w.run(riverRaceLogScript);
    expect(rerun.result).toEqual({ memberCount: ours[0] });
    expect(rerun.details.dataProcessed).toBe(0);
    expect(rerun.details.outputs).toContain('Every finished week in the log is already stored.');
    expect(await count('river_race_data')).toBe(ours.reduce((a, b) => a + b, 0));
    // Only the newest new week is announced on Discord, once.
    expect(await count('discord_outbox')).toBe(1);

    // The public war records now read the stored weeks.
    const week = (await w.t.app.inject({ method: 'GET', url: '/api/clan/highest-war-week' })).json();
    expect(week.totalFame).toBeGreaterThan(0);
    expect(week.weekTitle).toMatch(/^Season \d+ · Week \d · /);
    const day = (await w.t.app.inject({ method: 'GET', url: '/api/clan/highest-war-day' })).json();
    expect(day.pointsEarned).toBeGreaterThan(0);
  });

  it('rebuilds the monthly spotlight idempotently and posts the top 20 only on the final Monday', async () => {
    // Monday 2026-11-23 is not the final Monday of November (the 30th is).
    w = await warTimeline(engine, '2026-11-23T16:00:00.000Z');
    await w.run(riverRaceLogScript);
    const outboxBefore = await count('discord_outbox');
    const first = await w.run(monthlyFameScript);
    expect(first.status).toBe('completed');
    const rows = await w.t.db.kysely
      .selectFrom('monthly_spotlight')
      .selectAll()
      .where('year', '=', 2026)
      .where('month', '=', 11)
      .execute();
    expect(first.result).toEqual({ playerCount: rows.length });
    expect(rows.length).toBeGreaterThan(0);
    const total = await count('monthly_spotlight');
    await w.run(monthlyFameScript);
    expect(await count('monthly_spotlight')).toBe(total);
    expect(await count('discord_outbox')).toBe(outboxBefore);

    // Final Monday of November: the month's top 20 goes to Discord, ties sharing a rank.
    w.at('2026-11-30T16:00:00.000Z');
    await w.run(riverRaceLogScript);
    const final = await w.run(monthlyFameScript);
    expect(final.message).toMatch(/Final Monday of the month: top 20 posted/);
    const posted = await w.t.db.kysely
      .selectFrom('discord_outbox')
      .select('payload')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(posted.payload).toContain('Top war fame · November 2026');
    const ranks = [...posted.payload.matchAll(/\\n(\d+)\. /g)].map((m) => Number(m[1]));
    expect(ranks[0]).toBe(1);
    expect(Math.max(...ranks)).toBeLessThanOrEqual(20);

    // The champions endpoint reads the spotlight.
    const champions = (await w.t.app.inject({ method: 'GET', url: '/api/clan/monthly-champions' })).json() as {
      month: number;
      isChampionOnTheRise: boolean;
    }[];
    expect(champions.some((c) => c.month === 11 && c.isChampionOnTheRise)).toBe(true);
  });
});
