import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.js';
import { openDatabase } from '../../src/db/database.js';
import type { Engine } from '../../src/db/database.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { ScriptEngineOptions } from '../../src/scripts/engine.js';
import type { AnyScriptDefinition, ScriptOutcome, ScriptRunContext } from '../../src/scripts/types.js';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { ADMIN_ENV } from './auth.js';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A test-only script that proves the machinery: each run announces itself on `started`, then
 * waits for `release` (if given) and returns `outcome`.
 */
export function testScript(
  options: {
    id?: string;
    outcome?: (ctx: ScriptRunContext) => Promise<ScriptOutcome> | ScriptOutcome;
    hold?: boolean;
    missedRunPolicy?: 'once' | 'skip';
    defaultSchedule?: string;
  } = {},
) {
  const calls: ScriptRunContext[] = [];
  let gate = deferred();
  let started = deferred<ScriptRunContext>();
  const def: AnyScriptDefinition = {
    id: options.id ?? 'test-script',
    urlSegment: options.id ?? 'test-script',
    name: 'Test script',
    purpose: 'Proves the script engine.',
    benefits: 'None for the clan.',
    scheduleInfo: 'Weekly.',
    tables: [],
    defaultSchedule: options.defaultSchedule ?? '0 10 * * 1',
    missedRunPolicy: options.missedRunPolicy ?? 'once',
    timeoutMs: 60 * 60_000,
    run: async (ctx) => {
      calls.push(ctx);
      started.resolve(ctx);
      if (options.hold) await gate.promise;
      return options.outcome
        ? options.outcome(ctx)
        : {
            result: { ok: true },
            message: `Test run ${calls.length} done.`,
            outputs: ['one output'],
            dataProcessed: 1,
          };
    },
  };
  return {
    def,
    calls,
    started: () => started.promise,
    release: () => {
      gate.resolve();
      gate = deferred();
      started = deferred();
    },
  };
}

export async function scriptTestApp(
  engine: Engine,
  clock: ManualClock,
  scripts: ScriptEngineOptions = {},
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
  prepareDb?: TestAppOptions['prepareDb'],
): Promise<TestApp> {
  return buildTestApp({
    engine,
    clock,
    prepareDb,
    env: { ...ADMIN_ENV, ...env },
    deps: { ...deps, scripts: { autoStart: false, ...scripts } },
  });
}

/** Another app instance on the same database (a restart, or a second server behind a balancer). */
export async function secondInstance(
  t: TestApp,
  clock: ManualClock,
  scripts: ScriptEngineOptions = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const db = openDatabase(t.db.url ? { databaseUrl: t.db.url } : { sqliteFile: t.db.file });
  const app = await buildApp({ config: t.config, db, clock, logger: false, scripts: { autoStart: false, ...scripts } });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export async function historyOf(app: FastifyInstance, scriptId: string) {
  const def = app.services.scripts.find(scriptId);
  if (!def) throw new Error(`no script ${scriptId}`);
  return app.services.scripts.history(def, 100);
}
