import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DiscordSender } from '../../src/clients/discord/sender.js';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase, type Db } from '../../src/db/database.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV } from '../helpers/auth.js';
import { historyOf, testScript } from '../helpers/scripts.js';
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.js';

const MINUTE = 60_000;

/** Discord's webhook endpoint; `onMessage` runs before each answer (a test stops PostgreSQL there). */
async function discord(onMessage: (index: number) => Promise<void> = async () => {}) {
  const contents: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      contents.push((JSON.parse(raw) as { content: string }).content);
      void onMessage(contents.length - 1).then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: String(1000 + contents.length) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/1/secret-token`,
    contents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Needs PostgreSQL's server binaries; CI (TEST_DATABASE_URL set) always has them, so there it never skips. */
const noPostgres = !postgresBinDir() && !process.env.TEST_DATABASE_URL;

/**
 * PostgreSQL stopped under a running app (the real `pg_ctl -m fast stop` of a cluster of the test's own), with the
 * scheduler's time on a manual clock: the outage's length is clock time, its real length a few seconds
 * (docs/decisions/120-database-outages.md). A daily script is due at 10:00 New York (15:00 UTC) inside the outage.
 */
describe.skipIf(noPostgres)('PostgreSQL stopped while the app runs', () => {
  let pg: ThrowawayPostgres;
  let cleanups: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    pg = await startThrowawayPostgres();
    cleanups.push(() => pg.destroy());
  });
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups = [];
  });

  async function start(clock: ManualClock, receiverUrl: string) {
    const script = testScript({
      defaultSchedule: '0 10 * * *',
      outcome: () => ({ result: {}, message: 'Reported.', discord: [{ content: 'The daily report.' }] }),
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-outage-'));
    const env = { ...ADMIN_ENV, DATABASE_URL: pg.url, DATA_DIR: dataDir, DEMO_FAMILY: '0', NODE_ENV: 'test' };
    const db: Db = openDatabase({ databaseUrl: pg.url });
    const app = await buildApp({
      config: loadConfig(env),
      db,
      clock,
      logger: false,
      scripts: { autoStart: false, definitions: [script.def], discord: new DiscordSender({ webhookUrl: receiverUrl }) },
    });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await app.services.scripts.start({ timers: false });
    return { app, script };
  }

  const health = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    return { status: res.statusCode, body: res.json() };
  };

  it.each([
    ['30 s', 30_000],
    ['10 min', 10 * MINUTE],
  ])(
    'for %s: /healthz 503 with the reason, then 200; the run due inside it done once after, its message sent once',
    async (_n, outageMs) => {
      const receiver = await discord();
      cleanups.push(receiver.close);
      const clock = new ManualClock('2026-11-23T14:59:50.000Z');
      const { app, script } = await start(clock, receiver.url);
      expect((await health(app)).status).toBe(200);

      await pg.stop();
      const down = await health(app);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'error', code: 'DB_UNAVAILABLE', database: { engine: 'postgres' } });
      expect(down.body.database.reason).toMatch(/PostgreSQL|connection/);
      const admin = await app.inject({ method: 'GET', url: '/api/admin/setup-status' });
      expect(admin.statusCode).toBe(503);
      expect(admin.json()).toMatchObject({ code: 'DB_UNAVAILABLE' });

      // The timer's ticks during the outage, a minute apart: each fails, none runs the script.
      const end = clock.now().getTime() + outageMs;
      for (let at = clock.now().getTime() + Math.min(MINUTE, outageMs); at <= end; at += MINUTE) {
        clock.set(new Date(at));
        await expect(app.services.scripts.tick()).rejects.toThrow();
      }
      expect(script.calls).toHaveLength(0);

      await pg.start();
      expect((await health(app)).status).toBe(200);
      const fired = await app.services.scripts.tick();
      expect(fired.map((f) => [f.scriptId, f.scheduledFor?.toISOString(), f.outcome])).toEqual([
        ['test-script', '2026-11-23T15:00:00.000Z', 'started'],
      ]);
      await Promise.all(fired.map((f) => f.done));
      for (let i = 0; i < 3; i++) {
        clock.advance(MINUTE);
        expect(await app.services.scripts.tick()).toEqual([]);
      }
      const history = await historyOf(app, 'test-script');
      expect(history.map((h) => [h.status, h.scheduledFor])).toEqual([['completed', '2026-11-23T15:00:00.000Z']]);
      expect(receiver.contents).toEqual(['The daily report.']);
    },
  );

  it('a message Discord took just before PostgreSQL stopped is recorded once it is back, never sent twice', async () => {
    const receiver = await discord(async (index) => {
      if (index === 0) await pg.stop();
    });
    cleanups.push(receiver.close);
    const clock = new ManualClock('2026-11-23T12:00:00.000Z');
    const { app, script } = await start(clock, receiver.url);
    const report = await app.services.scripts.runNow(script.def);
    expect(report.status).toBe('completed');
    expect(report.details.errors).toEqual([
      'Discord delivery waits for the database to answer again; the outbox sends it then.',
    ]);

    await pg.start();
    await app.services.scripts.outboxDispatcher.flush();
    const outbox = (await app.services.scripts.outbox(10)).map((m) => [m.content, m.status]);
    expect(outbox).toEqual([['The daily report.', 'sent']]);
    await app.services.scripts.outboxDispatcher.flush();
    expect(receiver.contents).toEqual(['The daily report.']);
  });
});
