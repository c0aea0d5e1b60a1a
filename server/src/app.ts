import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context.js';
import type { Config } from './config/env.js';
import { parseTrustProxy } from './config/trust-proxy.js';
import type { Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock, type Clock } from './lib/clock.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { registerProxyCheck } from './plugins/proxy-check.js';
import { startupWarnings } from './config/startup-warnings.js';
import { OperatorWarnings } from './lib/operator-warnings.js';
import { registerHealthRoute } from './routes/health.js';
import { registerRecordRoutes } from './routes/api/clan-records.js';
import { registerAdminApi } from './routes/api/admin/index.js';
import type { AuthOptions } from './modules/auth/auth-deps.js';
import { serializeRequestForLog } from './modules/auth/log-redaction.js';
import { registerScriptLifecycle } from './scripts/lifecycle.js';
import { ScriptEngine, type ScriptEngineOptions } from './scripts/engine.js';
import { clashRoyaleStatus, createClashRoyaleAccess, type ClashRoyaleAccess } from './clients/clash-royale/access.js';
import { registerPublicRoutes } from './routes/api/public-routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** pino options or `false` (tests); defaults to JSON logs at config.LOG_LEVEL */
  logger?: FastifyServerOptions['logger'];
  /** the built web app (index.html + assets); defaults to dist/web next to the server bundle */
  webDir?: string;
  /** password hasher and mailer overrides (tests count hashes, capture mail) */
  auth?: AuthOptions;
  /** test scripts, a Discord receiver, or no scheduler on listen */
  scripts?: ScriptEngineOptions;
  /** Clash Royale access (tests pass one over their own simulator; the app then leaves it open) */
  clashRoyale?: ClashRoyaleAccess;
}

const defaultWebDir = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Bundled: dist/server/server.js -> dist/web. From source: server/src -> dist/web.
  return here.endsWith(path.join('dist', 'server'))
    ? path.join(here, '..', 'web')
    : path.join(here, '..', '..', 'dist', 'web');
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
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
  });

  await migrateToLatest(db.kysely);

  const clock = deps.clock ?? systemClock;
  const cr = deps.clashRoyale ?? (await createClashRoyaleAccess(config, clock, app.log));
  if (!deps.clashRoyale) app.addHook('onClose', () => cr.close());
  const ctx: AppContext = {
    config,
    db,
    clock,
    log: app.log,
    scripts: new ScriptEngine(() => ctx, deps.scripts),
    cr,
    clashRoyaleStatus: async () => clashRoyaleStatus(cr),
    warnings: new OperatorWarnings(app.log),
  };
  for (const [key, message] of startupWarnings(config)) ctx.warnings.raise(key, message);
  app.decorate('ctx', ctx);
  registerScriptLifecycle(app, ctx.scripts);

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  registerProxyCheck(app, ctx);
  registerHealthRoute(app, db);
  registerRecordRoutes(app, ctx);
  registerPublicRoutes(app, ctx);
  await registerAdminApi(app, ctx, deps.auth);
  await registerStaticWeb(app, config, deps.webDir ?? defaultWebDir());

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
