import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context.js';
import { createAuthDeps, type AuthOptions } from '../../../modules/auth/auth-deps.js';
import { ensureAdmin } from '../../../modules/auth/bootstrap-admin.js';
import { schedulePruning } from '../../../modules/auth/pruning.js';
import { registerAccountRoutes } from './account-routes.js';
import { adminAuthHook } from './auth-hook.js';
import { registerPublicAuthRoutes } from './public-auth-routes.js';
import { registerScriptAdminRoutes } from './scripts/index.js';

/** SEC-IN-01: admin bodies are small JSON objects. */
const ADMIN_BODY_LIMIT = 16 * 1024;

/**
 * The whole /api/admin surface: the public routes (captcha, login and its code step, forgot,
 * reset, email confirmation), then ONE encapsulated scope whose single
 * onRequest hook authenticates every route registered in it, deny by default (SEC-AC-01).
 */
export async function registerAdminApi(
  app: FastifyInstance,
  ctx: AppContext,
  options: AuthOptions = {},
): Promise<void> {
  const deps = await createAuthDeps(ctx, options);
  await ensureAdmin(ctx, deps.hasher);
  schedulePruning(app, ctx);

  await app.register(async (admin) => {
    // SEC-IN-01: JSON only (a text/plain body answers 415), with a tight size cap (413).
    admin.removeContentTypeParser('text/plain');
    admin.addHook('onRoute', (route) => {
      route.bodyLimit ??= ADMIN_BODY_LIMIT;
    });
    // SEC-HDR-04: nothing from the admin API is cached.
    admin.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    registerPublicAuthRoutes(admin, deps);

    await admin.register(async (scope) => {
      scope.decorateRequest('adminUser', null);
      scope.decorateRequest('adminClaims', null);
      scope.addHook('onRequest', adminAuthHook(deps));
      registerAccountRoutes(scope, deps);
      await registerScriptAdminRoutes(scope, ctx);
    });
  });
}
