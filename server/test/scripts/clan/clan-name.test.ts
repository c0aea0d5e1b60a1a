import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '#test/helpers/test-db';
import { warTimeline, type WarTimeline } from '#test/helpers/war-timeline';

/** The Family tab names each clan as the game does: every war poll keeps the name the race payload shows. */
describe.each(engines)('the clan’s name on %s', (engine) => {
  let w: WarTimeline | null = null;
  afterEach(async () => {
    await w?.close();
    w = null;
  });

  it('is the game’s, from the first war snapshot on', async () => {
    w = await warTimeline(engine, '2026-11-23T09:00:00.000Z');
    const name = async () =>
      (
        await w!.t.db.kysely
          .selectFrom('clans')
          .select('name')
          .where('tag', '=', w!.t.config.CLAN_TAG)
          .executeTakeFirstOrThrow()
      ).name;
    expect(await name()).toBeNull();
    await w.start();
    expect(await name()).toBe(w.sim.state.clanName);
  });
});
