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
  const at = (day: number) => new Date(Date.UTC(2026, 10, day, 10));

  it('starts a fresh install with CLAN_TAG as its one clan', async () => {
    db = await createTestDb(engine);
    const { clans, seedIgnored } = await syncClans(db.kysely, MAIN, [], at(26));
    expect(seedIgnored).toBe(false);
    expect(clans.main.tag).toBe(MAIN);
    expect(clans.active().map((c) => c.tag)).toEqual([MAIN]);
    expect(clans.resolve(MAIN)?.role).toBe('main');
    expect(clans.resolve('#YYRJ2L')).toBeNull();
  });

  it('seeds FAMILY_CLAN_TAGS on a fresh install once; later starts ignore it and say so', async () => {
    db = await createTestDb(engine);
    const first = await syncClans(db.kysely, MAIN, ['#YYRJ2L', MAIN, '#QQQQQQ'], at(26));
    expect(first.seedIgnored).toBe(false);
    expect(first.clans.active().map((c) => [c.tag, c.role, c.position])).toEqual([
      [MAIN, 'main', 0],
      ['#YYRJ2L', 'family', 1],
      ['#QQQQQQ', 'family', 2],
    ]);
    const later = await syncClans(db.kysely, MAIN, ['#RRRRRR'], at(27));
    expect(later.seedIgnored).toBe(true);
    expect(later.clans.active().map((c) => c.tag)).toEqual([MAIN, '#YYRJ2L', '#QQQQQQ']);
  });

  it('ignores FAMILY_CLAN_TAGS on an install that ran before the family existed', async () => {
    db = await createTestDb(engine);
    await syncClans(db.kysely, MAIN, [], at(26));
    const upgraded = await syncClans(db.kysely, MAIN, ['#YYRJ2L'], at(27));
    expect(upgraded.seedIgnored).toBe(true);
    expect(upgraded.clans.active().map((c) => c.tag)).toEqual([MAIN]);
  });

  it('keeps a former main clan, removed, when CLAN_TAG changes, and takes it back as main when it returns', async () => {
    db = await createTestDb(engine);
    const changed = (await syncClans(db.kysely, '#YYRJ2L', [], at(26))).clans;
    expect(changed.main.tag).toBe('#YYRJ2L');
    expect(changed.active().map((c) => c.tag)).toEqual(['#YYRJ2L']);
    const old = await db.kysely.selectFrom('clans').selectAll().where('tag', '=', MAIN).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ role: 'family', removed_at: at(26).toISOString() });
    const back = (await syncClans(db.kysely, MAIN, [], at(27))).clans;
    expect(back.main.tag).toBe(MAIN);
    const rows = await db.kysely.selectFrom('clans').select(['tag', 'role', 'removed_at']).orderBy('tag').execute();
    expect(rows).toEqual([
      { tag: MAIN, role: 'main', removed_at: null },
      { tag: '#YYRJ2L', role: 'family', removed_at: at(27).toISOString() },
    ]);
  });
});
