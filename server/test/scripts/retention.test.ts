import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { loginToken } from '../helpers/auth.js';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_ENV } from '../helpers/auth.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

const NOW = '2027-06-01T12:00:00.000Z';
const daysAgo = (n: number) => new Date(Date.parse(NOW) - n * 86_400_000).toISOString();

/**
 * Retention (docs/architecture.md §8 "Growth"): history, delivered Discord messages and
 * acknowledged alerts do not grow forever, what the admin still needs stays, and the system card
 * shows how many rows each table holds.
 */
describe.each(engines)('retention of history rows (%s)', (engine) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function seed() {
    const db = t.db.kysely;
    // 130 runs of one script, one a day going back 130 days; 3 runs of another, 200 days old
    for (let i = 0; i < 130; i++) {
      await db
        .insertInto('script_runs')
        .values({
          clan_tag: CLAN,
          script_id: 'river-race-log',
          trigger: 'schedule',
          occurrence_key: daysAgo(i),
          status: 'completed',
          message: `run ${i}`,
          started_at: daysAgo(i),
          finished_at: daysAgo(i),
          duration_ms: 1,
          details: '{}',
        })
        .execute();
    }
    for (let i = 0; i < 3; i++) {
      await db
        .insertInto('script_runs')
        .values({
          clan_tag: CLAN,
          script_id: 'monthly-fame',
          trigger: 'manual',
          occurrence_key: null,
          status: 'failed',
          message: `old ${i}`,
          started_at: daysAgo(200 + i),
          finished_at: daysAgo(200 + i),
          duration_ms: 1,
          details: '{}',
        })
        .execute();
    }
    const message = (created: string, status: string) => ({
      clan_tag: CLAN,
      script_run_id: 1,
      script_id: 'river-race-log',
      created_at: created,
      payload: JSON.stringify({ content: `${status} ${created}` }),
      status,
      error: null,
      next_attempt_at: null,
      sent_at: null,
      message_ids: null,
      claimed_by: null,
      claimed_until: null,
      destination: null,
    });
    await db
      .insertInto('discord_outbox')
      .values([
        message(daysAgo(45), 'sent'),
        message(daysAgo(10), 'sent'),
        message(daysAgo(45), 'outbox'),
        message(daysAgo(45), 'abandoned'),
        message(daysAgo(120), 'abandoned'),
        message(daysAgo(45), 'failed'),
      ])
      .execute();
    const alert = (created: string, acknowledged: string | null) => ({
      kind: 'run-failed',
      subject: 'A run failed',
      message: 'It failed.',
      script_run_id: null,
      created_at: created,
      acknowledged_at: acknowledged,
      mailed_at: null,
    });
    await db
      .insertInto('alerts')
      .values([alert(daysAgo(100), daysAgo(95)), alert(daysAgo(100), daysAgo(20)), alert(daysAgo(100), null)])
      .execute();
  }

  async function systemCard() {
    const token = await loginToken(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().stored as Record<string, unknown>;
  }

  it('prunes old runs beyond the newest 100 per script, delivered messages after 30 days, acknowledged alerts after 90', async () => {
    t = await buildTestApp({ engine, clock: new ManualClock(NOW), env: ADMIN_ENV });
    await seed();
    expect(await systemCard()).toMatchObject({ scriptRuns: 133, discordMessages: 6, undelivered: 1, alerts: 3 });

    await t.app.services.scripts.pruneHistory();

    const runs = await t.db.kysely.selectFrom('script_runs').select(['script_id', 'message']).execute();
    // river-race-log: the newest 100 stay although 10 of them are older than 90 days
    expect(runs.filter((r) => r.script_id === 'river-race-log')).toHaveLength(100);
    expect(runs.map((r) => r.message)).toContain('run 99');
    expect(runs.map((r) => r.message)).not.toContain('run 100');
    // monthly-fame: only 3 runs, all 200 days old: the history still shows them
    expect(runs.filter((r) => r.script_id === 'monthly-fame')).toHaveLength(3);
    const outbox = await t.db.kysely.selectFrom('discord_outbox').select(['status', 'created_at']).execute();
    expect(outbox.map((o) => `${o.status} ${o.created_at}`).sort()).toEqual(
      [`abandoned ${daysAgo(45)}`, `failed ${daysAgo(45)}`, `sent ${daysAgo(10)}`].sort(),
    );
    const alerts = await t.db.kysely.selectFrom('alerts').select('acknowledged_at').execute();
    expect(alerts.map((a) => a.acknowledged_at).sort()).toEqual([daysAgo(20), null].sort());
    expect(await systemCard()).toMatchObject({
      scriptRuns: 103,
      discordMessages: 3,
      undelivered: 1,
      alerts: 2,
      retentionDays: { runs: 90, discordMessages: 30, alerts: 90 },
    });
  });

  it('keeps rows longer when the limits are raised', async () => {
    t = await buildTestApp({
      engine,
      clock: new ManualClock(NOW),
      env: { ...ADMIN_ENV, RETENTION_RUNS_DAYS: '365', RETENTION_OUTBOX_DAYS: '60', RETENTION_ALERTS_DAYS: '365' },
    });
    await seed();
    await t.app.services.scripts.pruneHistory();
    expect(await systemCard()).toMatchObject({
      scriptRuns: 133,
      discordMessages: 6,
      alerts: 3,
      retentionDays: { runs: 365, discordMessages: 60, alerts: 365 },
    });
  });

  it('refuses a retention that is not a whole number of days', async () => {
    await expect(buildTestApp({ engine, env: { ...ADMIN_ENV, RETENTION_RUNS_DAYS: 'forever' } })).rejects.toThrow(
      /RETENTION_RUNS_DAYS must be a whole number of days between 1 and 3650/,
    );
  });
});
