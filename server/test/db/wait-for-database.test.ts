import { describe, expect, it } from 'vitest';
import { describeDatabaseError } from '../../src/db/database-errors.js';
import { DatabaseUnreachable, waitForDatabase } from '../../src/db/wait-for-database.js';
import { ManualClock } from '../../src/lib/clock.js';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const badPassword = Object.assign(new Error('password authentication failed for user "clanops"'), { code: '28P01' });

describe('the start waiting for PostgreSQL', () => {
  it('tries again after 1, 2, 4, 8, then every 15 s, and gives up with the last reason at the limit', async () => {
    const clock = new ManualClock('2026-11-23T12:00:00.000Z');
    const said: string[] = [];
    const tries: number[] = [];
    const waiting = waitForDatabase(
      async () => {
        tries.push((clock.now().getTime() - Date.parse('2026-11-23T12:00:00.000Z')) / 1000);
        throw refused;
      },
      { clock, limitMs: 60_000, say: (line) => said.push(line) },
    );
    const err = await waiting.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnreachable);
    expect((err as Error).message).toBe(
      'the database is still unreachable after 60 s: PostgreSQL refuses connections (ECONNREFUSED): it is stopped, or not started yet',
    );
    expect(tries).toEqual([0, 1, 3, 7, 15, 30, 45, 60]);
    expect(said[0]).toMatch(/^ClanOps is waiting for the database: PostgreSQL refuses connections .*; next try in 1 s/);
    // its cause keeps the code, so the start exits 1 (a restart may succeed), not 78
    expect(describeDatabaseError(err).transient).toBe(true);
  });

  it('succeeds on the try after PostgreSQL comes up', async () => {
    const clock = new ManualClock('2026-11-23T12:00:00.000Z');
    let n = 0;
    const tries = await waitForDatabase(
      async () => {
        if (++n < 3) throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
      },
      { clock, limitMs: 300_000, say: () => {} },
    );
    expect(tries).toBe(3);
  });

  it('does not wait on what waiting cannot fix (a wrong password)', async () => {
    const clock = new ManualClock('2026-11-23T12:00:00.000Z');
    await expect(
      waitForDatabase(() => Promise.reject(badPassword), { clock, limitMs: 300_000, say: () => {} }),
    ).rejects.toBe(badPassword);
    expect(describeDatabaseError(badPassword).transient).toBe(false);
  });
});
