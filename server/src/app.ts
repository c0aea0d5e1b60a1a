import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context.js';
import type { Config } from './config/env.js';
import { parseTrustProxy } from './config/trust-proxy.js';
import type { Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { APP_VERSION } from './version.js';
import { systemClock, type Clock } from './lib/clock.js';
import { contractSchemaController, registerContractSchemas } from './plugins/contract-schemas.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { registerProxyCheck } from './plugins/proxy-check.js';
import { lazyRequestLogger } from './plugins/lazy-request-logger.js';
import { requestLogging } from './plugins/request-log.js';
import { startupWarnings } from './config/startup-warnings.js';
import { OperatorWarnings } from './lib/operator-warnings.js';
import { registerRoutes } from './routes/index.js';
import { serializeRequestForLog } from './modules/auth/log-redaction.js';
import { schedulePruning } from './modules/auth/pruning.js';
import { registerScriptLifecycle } from './scripts/lifecycle.js';
import { createClashRoyaleAccess, type ClashRoyaleAccess } from './clients/clash-royale/access.js';
import { createServices, type ServiceOptions, type Services } from './services.js';
import { syncClans } from './modules/family/clan-directory.js';
import { syncDemoFamily } from './modules/family/demo-family.js';

export interface AppDeps extends ServiceOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** pino options or `false` (tests); defaults to JSON logs at config.LOG_LEVEL */
  logger?: FastifyServerOptions['logger'];
  /** the built web app (index.html + assets); defaults to dist/web next to the server bundle */
  webDir?: string;
  /** paint the public pages on the server with the build's renderer, dist/ssr beside webDir (start.ts does) */
  paintPages?: boolean;
  /** Clash Royale access (tests pass one over their own simulator; the app then leaves it open) */
  clashRoyale?: ClashRoyaleAccess;
  /** runs before migrations change an existing database (start.ts: the automatic backup) */
  beforeMigrations?: (pending: string[], log: FastifyBaseLogger) => Promise<void>;
}

/** How long one plugin may take to load (docs/decisions/120-database-outages.md). */
export const PLUGIN_TIMEOUT_MS = 120_000;

const defaultWebDir = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Bundled: dist/server/chunks/*.js -> dist/web. From source: server/src -> dist/web.
  const bundled = here.split(path.sep).slice(-2).join('/') === 'server/chunks';
  return bundled ? path.join(here, '..', '..', 'web') : path.join(here, '..', '..', 'dist', 'web');
};

/** Builds the whole application; used by server.ts and by every test. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.LOG_LEVEL,
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequestForLog },
    },
    // One line per notable request instead of two per request (plugins/request-log.ts).
    logController: requestLogging(),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // Fastify's default gives each plugin 10 s to load; a busy 2-core machine or a Raspberry Pi's SD card once took
    // longer for @fastify/static, and the start failed. A plugin that truly hangs still ends the start, later.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
    schemaController: contractSchemaController,
  });

  const clock = deps.clock ?? systemClock;
  db.status.attach(app.log, () => clock.now().getTime());
  await migrateToLatest(db.kysely, {
    mainClanTag: config.CLAN_TAG,
    version: APP_VERSION,
    beforeMigrations: deps.beforeMigrations && ((pending) => deps.beforeMigrations!(pending, app.log)),
  });

  const cr = deps.clashRoyale ?? (await createClashRoyaleAccess(config, clock, app.log));
  if (!deps.clashRoyale) app.addHook('onClose', () => cr.close());
  const { clans, seedIgnored } = await syncClans(db.kysely, config.CLAN_TAG, config.FAMILY_CLAN_TAGS, clock.now());
  if (cr.demoFamily && (await syncDemoFamily(db.kysely, cr.demoFamily, clock.now()))) await clans.reload(db.kysely);
  const ctx: AppContext = { config, db, clock, log: app.log, cr, warnings: new OperatorWarnings(app.log), clans };
  for (const [key, message] of startupWarnings(config)) ctx.warnings.raise(key, message);
  if (seedIgnored)
    ctx.warnings.raise(
      'family-seed-ignored',
      'FAMILY_CLAN_TAGS is read on a fresh install only: this install already has its family (edit it in the Family tab).',
    );
  const services = await createServices(ctx, deps);
  app.decorate('ctx', ctx);
  app.decorate('services', services);

  // First start: the admin account is created here, and only here (SEC-LOGIN-08).
  await services.auth.ensureFirstAdmin();
  schedulePruning(app, ctx);
  registerScriptLifecycle(app, services.scripts);
  // In the background: /healthz never waits for Discord, and a failure is a warning (docs/discord.md).
  app.addHook('onReady', (done) => {
    void services.discord.registerCommands();
    done();
  });
  app.addHook('onClose', () => services.discord.idle());

  registerContractSchemas(app);
  registerErrorHandler(app, db.status);
  await registerSecurityHeaders(app, config);
  registerProxyCheck(app, ctx);
  await registerRoutes(app, services);
  await registerStaticWeb(
    app,
    config,
    deps.webDir ?? defaultWebDir(),
    {
      memberHead: (tag) => services.memberPages.head(tag),
      familySize: () => ctx.clans.active().length,
      clanHead: (tag) => services.familySite.head(tag),
    },
    { enabled: deps.paintPages ?? false, now: () => clock.now().getTime() },
  );

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the infrastructure services were built from (the CLI and tests reach the clients here) */
    ctx: AppContext;
    services: Services;
  }
}
