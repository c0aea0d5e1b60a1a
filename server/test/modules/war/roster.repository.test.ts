import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listCurrentRoster, observeRoster } from '../../../src/modules/war/roster.repository.js';
import { createTestDb, engines, type TestDb } from '../../helpers/test-db.js';

describe.each(engines)('roster observation on %s', (engine) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(engine);
  });
  afterEach(async () => {
    await db.drop();
  });

  const m = (tag: string) => ({ tag, name: `name ${tag}`, role: 'member' });
  const t1 = new Date('2026-06-25T09:40:00Z');
  const t2 = new Date('2026-06-26T09:40:00Z');
  const t3 = new Date('2026-06-27T09:40:00Z');

  it('records joins and leaves at the run that observed them, and a rejoin as a new join', async () => {
    expect(await observeRoster(db.kysely, [m('#A'), m('#B')], t1)).toEqual({ joined: ['#A', '#B'], left: [] });
    expect(await observeRoster(db.kysely, [m('#A'), m('#C')], t2)).toEqual({ joined: ['#C'], left: ['#B'] });
    expect(await listCurrentRoster(db.kysely)).toEqual([
      { tag: '#A', name: 'name #A', firstSeenAt: t1 },
      { tag: '#C', name: 'name #C', firstSeenAt: t2 },
    ]);
    expect(await observeRoster(db.kysely, [m('#A'), m('#B'), m('#C')], t3)).toEqual({ joined: ['#B'], left: [] });
    expect((await listCurrentRoster(db.kysely)).find((r) => r.tag === '#B')?.firstSeenAt).toEqual(t3);
  });
});
