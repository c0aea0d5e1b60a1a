import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { toWebhookPayloads, type DiscordMessage } from '../../src/clients/discord/payload.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { ADMIN_PASSWORD, solve } from '../helpers/auth.js';
import { processClockAt } from '../helpers/process-clock.js';
import { startBuiltServer, type BuiltServer } from '#tools/server-process';

/** A stand-in for Discord's API that never answers the first message it receives. */
async function discordHoldingTheFirst() {
  const requests: { body: string; answered: boolean }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const entry = { body: raw, answered: false };
      requests.push(entry);
      if (requests.length === 1) return; // held: the sender waits, and is killed meanwhile
      entry.answered = true;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: String(900 + requests.length) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v10`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function login(url: string): Promise<string> {
  const captcha = (await (await fetch(`${url}/api/admin/captcha`)).json()) as { id: string; question: string };
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: ADMIN_PASSWORD,
      captchaId: captcha.id,
      captchaAnswer: solve(captcha.question),
    }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

type OutboxRow = { id: number; status: string; payload: string; message_ids: string | null };

/**
 * kill -9 between the commit of a report and its delivery (docs/decisions/042-durable-outbox.md):
 * the row was committed with the run; the restarted server sends it, and Discord ends up with
 * every message once.
 */
/** Battle day 2 after its reset: the server's catch-up of day 1 and the test's run both have a report to send. */
const BATTLE_DAY = '2026-11-27T14:40:00.000Z';

describe('a crash between a report’s commit and its delivery', () => {
  let sim: Simulator | null = null;
  let discord: Awaited<ReturnType<typeof discordHoldingTheFirst>> | null = null;
  let server: BuiltServer | null = null;
  let dataDir = '';
  afterEach(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await sim?.close();
    await discord?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the message once after the restart', { timeout: 240_000 }, async () => {
    const at = processClockAt(BATTLE_DAY);
    sim = await startSimulator({ clock: at.clock });
    discord = await discordHoldingTheFirst();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-crash-'));
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      CR_API_TOKEN: 'test-token',
      CR_API_BASE_URL: sim.url,
      DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/123456/test-token',
      DISCORD_API_BASE_URL: discord.base,
      ...at.env,
    };
    server = await startBuiltServer({ source: true, dataDir, env });
    const token = await login(server.url);
    void fetch(`${server.url}/api/admin/inactive-players/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    await until(() => discord!.requests.length >= 1, 'a message to reach Discord');

    const file = path.join(dataDir, 'clanops.sqlite');
    const read = (): OutboxRow[] => {
      const db = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        return db
          .prepare('SELECT id, status, payload, message_ids FROM discord_outbox ORDER BY id')
          .all() as OutboxRow[];
      } finally {
        db.close();
      }
    };
    const before = read();
    // committed with its run before the send began, and not marked sent
    expect(before.length).toBeGreaterThan(0);
    expect(before[0]!.status).toBe('pending');

    server.child.kill('SIGKILL');
    await new Promise((resolve) => server!.child.once('exit', resolve));
    expect(discord.requests[0]!.answered).toBe(false);

    server = await startBuiltServer({ source: true, dataDir, env });
    await until(() => read().every((r) => r.status === 'sent'), 'every message to be sent after the restart');

    const rows = read();
    const parts = rows.map((r) => toWebhookPayloads(JSON.parse(r.payload) as DiscordMessage).map((p) => p.content));
    const accepted = discord.requests
      .filter((r) => r.answered)
      .map((r) => (JSON.parse(r.body) as { content: string }).content);
    // every part of every message accepted exactly once, in the order the outbox holds them
    expect(accepted).toEqual(parts.flat());
    // the part that was in flight when the process died is the first one delivered after the restart
    expect((JSON.parse(discord.requests[0]!.body) as { content: string }).content).toBe(accepted[0]);
    rows.forEach((r, i) => expect(JSON.parse(r.message_ids!)).toHaveLength(parts[i]!.length));
  });
});
