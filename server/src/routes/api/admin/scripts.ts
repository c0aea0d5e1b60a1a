import type { FastifyInstance } from 'fastify';
import { scriptIdSchema, scriptListResponseSchema } from '#contracts/admin-scripts';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/** GET /api/admin/scripts: the registered clan scripts (docs/product.md §7). */
export function registerScriptsRoute(app: FastifyInstance, engine: ScriptEngine): void {
  withContracts(app).get(
    '/api/admin/scripts',
    { schema: { response: { 200: scriptListResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => ({
      timezone: engine.timezone,
      scripts: engine.definitions.flatMap((d) => {
        const id = scriptIdSchema.safeParse(d.id);
        if (!id.success) return [];
        const { urlSegment, name, purpose, benefits, scheduleInfo, tables, defaultSchedule } = d;
        return [
          {
            id: id.data,
            urlSegment,
            name,
            purpose,
            benefits,
            scheduleInfo,
            tables,
            defaultSchedule,
            hasReplay: d.replay !== undefined,
          },
        ];
      }),
    }),
  );
}
