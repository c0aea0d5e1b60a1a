import type { FastifyInstance } from 'fastify';
import { clanQuerySchema } from '#contracts/admin-family';
import { historyQuerySchema, historyResponseSchema } from '#contracts/admin-scripts';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import type { AnyScriptDefinition } from '#server/scripts/types';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';

/** GET /api/admin/:script/history, newest first. */
export function registerHistoryRoute(app: FastifyInstance, engine: ScriptEngine, def: AnyScriptDefinition): void {
  const api = withContracts(app);
  // docs/product.md §7 says /api/admin/{scriptId}/history; the URL segment is accepted too.
  for (const segment of new Set([def.id, def.urlSegment])) {
    api.get(
      `/api/admin/${segment}/history`,
      {
        schema: {
          querystring: historyQuerySchema.extend(clanQuerySchema.shape),
          response: { 200: historyResponseSchema, ...errorResponses(400, ...ADMIN_ERRORS, 404) },
        },
      },
      async (request) => ({
        history: await engine.history(def, request.query.limit, engine.clanOf(request.query.clan)),
      }),
    );
  }
}
