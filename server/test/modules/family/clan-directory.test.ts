import { afterEach, describe, expect, it } from 'vitest';
import { syncClans } from '#server/modules/family/clan-directory';
import { DEFAULT_SIM_CLAN_TAG as MAIN } from '#server/simulator/simulator';
import { createTestDb, engines, type TestDb } from '../../helpers/test-db.js';

describe.each(engines)('the clans of a ClanOps on %s', (engine) => {
  let db: TestDb | null = null;
  afterEach(async () => {
    await db?.drop();
    db = null;
  });

  it('starts a fresh install with CLAN_TAG as its one clan and no upgrade mark', async () => {
    db = await createTestDb(engine);
    const clans = await syncClans(db.kysely, MAIN, new Date('2026-11-26T10:00:00Z'));
    expect(clans.main.tag).toBe(MAIN);
    expect(clans.active().map((c) => c.tag)).toEqual([MAIN]);
    expect(clans.resolve(MAIN)?.role).toBe('main');
    expect(clans.resolve('#YYRJ2L')).toBeNull();
    const mark = await db.kysely
      .selectFrom('app_settings')
      .select('key')
      .where('key', '=', 'family.seeded_at')
      .execute();
    expect(mark).toEqual([]);
  });

  it('keeps a former main clan, removed, when CLAN_TAG changes, and takes it back as main when it returns', async () => {
    db = await createTestDb(engine);
    const now = new Date('2026-11-26T10:00:00Z');
    const changed = await syncClans(db.kysely, '#YYRJ2L', now);
    expect(changed.main.tag).toBe('#YYRJ2L');
    expect(changed.active().map((c) => c.tag)).toEqual(['#YYRJ2L']);
    const old = await db.kysely.selectFrom('clans').selectAll().where('tag', '=', MAIN).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ role: 'family', removed_at: now.toISOString() });
    const back = await syncClans(db.kysely, MAIN, new Date('2026-11-27T10:00:00Z'));
    expect(back.main.tag).toBe(MAIN);
    const rows = await db.kysely.selectFrom('clans').select(['tag', 'role', 'removed_at']).orderBy('tag').execute();
    expect(rows).toEqual([
      { tag: MAIN, role: 'main', removed_at: null },
      { tag: '#YYRJ2L', role: 'family', removed_at: '2026-11-27T10:00:00.000Z' },
    ]);
  });
});
