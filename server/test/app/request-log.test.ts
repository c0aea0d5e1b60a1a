import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseStatus } from '../../src/db/database-status.js';
import { registerErrorHandler } from '../../src/plugins/error-handler.js';
import { requestLogging } from '../../src/plugins/request-log.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** A pino destination keeping every JSON line the app writes. */
function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _enc, cb) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return {
    stream,
    records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    clear: () => void lines.splice(0),
  };
}

const INFO = 30;
const DEBUG = 20;

describe('request logging (docs/decisions/040-request-logging.md)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appLoggingAt(level: 'info' | 'debug') {
    const log = captured();
    t = await buildTestApp({ deps: { logger: { level, stream: log.stream } } });
    log.clear();
    return log;
  }

  it('writes nothing at info for 200 answers', async () => {
    const log = await appLoggingAt('info');
    for (const url of ['/healthz', '/api/clan/monthly-champions', '/']) {
      expect((await t!.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(log.records()).toEqual([]);
  });

  it('writes one info line for a 404 with its request id, method, url, status and duration', async () => {
    const log = await appLoggingAt('info');
    const res = await t!.app.inject({ method: 'GET', url: '/api/clan/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    const records = log.records();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: INFO,
      msg: 'request completed',
      reqId: expect.any(String),
      method: 'GET',
      url: '/api/clan/no-such-thing?x=1',
      statusCode: 404,
      durationMs: expect.any(Number),
    });
  });

  it('writes the line for a 5xx answer (the database gone) next to the failure itself', async () => {
    const log = await appLoggingAt('info');
    await t!.db.close();
    const res = await t!.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    const completed = log.records().filter((r) => r.msg === 'request completed');
    expect(completed).toEqual([expect.objectContaining({ method: 'GET', url: '/healthz', statusCode: 503 })]);
    // The failure's own line and the request line share the request id.
    const failure = log.records().find((r) => r.msg === 'health check: database unreachable');
    expect(failure?.reqId).toBe(completed[0]!.reqId);
  });

  it('at debug level logs every request, 200s included, at debug', async () => {
    const log = await appLoggingAt('debug');
    await t!.app.inject({ method: 'GET', url: '/healthz' });
    await t!.app.inject({ method: 'GET', url: '/healthz' });
    const completed = log.records().filter((r) => r.msg === 'request completed');
    expect(completed).toHaveLength(2);
    for (const line of completed) expect(line).toMatchObject({ level: DEBUG, url: '/healthz', statusCode: 200 });
    expect(completed[0]!.reqId).not.toBe(completed[1]!.reqId);
  });

  it('logs a 500 and a slow 200 at info, and a quick 200 not at all', async () => {
    const log = captured();
    // A request "takes" what its x-took header says: the duration is injected, no real waiting.
    const logController = requestLogging({ durationMs: (reply) => Number(reply.request.headers['x-took'] ?? 0) });
    const app = Fastify({ logger: { level: 'info', stream: log.stream }, logController });
    registerErrorHandler(app, new DatabaseStatus());
    app.get('/boom', () => {
      throw new Error('kaput');
    });
    app.get('/ok', () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ url: '/boom' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/ok', headers: { 'x-took': '999' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/ok', headers: { 'x-took': '1500' } })).statusCode).toBe(200);
    await app.close();
    const completed = log.records().filter((r) => r.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({ level: INFO, method: 'GET', url: '/boom', statusCode: 500, durationMs: 0 }),
      expect.objectContaining({ level: INFO, method: 'GET', url: '/ok', statusCode: 200, durationMs: 1500 }),
    ]);
  });
});
