import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaceProjectionResponse } from '#contracts/race-projection';
import { simulatedWeekEnd } from '#test/helpers/race-truth';
import { engines } from '#test/helpers/test-db';
import { warTimeline, type WarTimeline } from '#test/helpers/war-timeline';

/**
 * The projection kept at the start of each battle day by the app's own snapshot polls, scored against where the
 * simulator's ledger ends the week, and the public War card's answer, on both engines.
 */
describe.each(engines)('race projection track record (%s)', (engine) => {
  let w: WarTimeline;
  const get = async (url: string) => {
    const res = await w.t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json() as RaceProjectionResponse;
  };
  beforeAll(async () => {
    w = await warTimeline(engine, '2026-11-12T00:00:00.000Z', { seed: 81 });
    await w.start();
  }, 240_000);
  afterAll(() => w.close());

  it('projects the five clans on a battle day, labelled by its range, and nothing on training days', async () => {
    await w.driveUntil('2026-11-13T15:00:00.000Z');
    const body = await get('/api/clan/war/projection');
    const week = w.period(w.clock.now());
    const truth = simulatedWeekEnd(w.sim, week);
    expect(body.projection?.mode).toBe('normal');
    expect(body.projection?.day).toBe(2);
    expect(new Set(body.projection?.clans.map((c) => c.tag))).toEqual(new Set(truth.keys()));
    for (const c of body.projection!.clans) {
      expect(c.final.low).toBeLessThanOrEqual(c.final.mid);
      expect(c.final.mid).toBeLessThanOrEqual(c.final.high);
      expect(c.place.best).toBeLessThanOrEqual(c.place.worst);
    }
    // Our clan's projected places hold the place the ledger ends the week at.
    const ours = body.projection!.clans.find((c) => c.tag === body.clanTag)!;
    const end = truth.get(body.clanTag)!;
    expect(end.place).toBeGreaterThanOrEqual(ours.place.best);
    expect(end.place).toBeLessThanOrEqual(ours.place.worst);
  }, 240_000);

  it('keeps one projection per battle day and scores it once the week is logged', async () => {
    const week = w.period('2026-11-13T15:00:00.000Z');
    await w.driveUntil('2026-11-17T15:00:00.000Z');
    const rows = await w.t.db.kysely
      .selectFrom('race_projections')
      .selectAll()
      .where('season_id', '=', week.seasonId)
      .where('section_index', '=', week.sectionIndex)
      .orderBy('day')
      .execute();
    const end = simulatedWeekEnd(w.sim, week).get(w.sim.state.clanTag)!;
    // A day begun over the line is not kept; day 1 and 2 always are.
    expect(rows.map((r) => r.day).slice(0, 2)).toEqual([1, 2]);
    const body = await get('/api/clan/war/projection');
    expect(body.projection).toBeNull();
    expect(body.record.byDay).toEqual(
      rows.map((r) => ({
        day: r.day,
        weeks: 1,
        placedRight: r.place === end.place ? 1 : 0,
        meanFameError: Math.abs(r.fame_mid - end.fame),
      })),
    );
  }, 240_000);
});
