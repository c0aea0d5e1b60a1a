import type { FastifyInstance } from 'fastify';
import { clanQuerySchema } from '#contracts/admin-family';
import { runResponseSchema, scriptIdSchema, scriptResultSchemas } from '#contracts/admin-scripts';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import type { AnyScriptDefinition } from '#server/scripts/types';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';

/** A registered script's answer carries the result of its contract (contracts/admin-scripts.ts). */
function runSchemaOf(def: AnyScriptDefinition) {
  const id = scriptIdSchema.safeParse(def.id);
  return id.success ? runResponseSchema.extend({ result: scriptResultSchemas[id.data] }) : runResponseSchema;
}

/** POST /api/admin/:script/run: a manual run, answered when it ends; 409 while one runs anywhere. */
export function registerRunRoute(app: FastifyInstance, engine: ScriptEngine, def: AnyScriptDefinition): void {
  withContracts(app).post(
    `/api/admin/${def.urlSegment}/run`,
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: runSchemaOf(def), ...errorResponses(400, ...ADMIN_ERRORS, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const clanTag = engine.clanOf(request.query.clan);
      request.log.info({ action: 'script.run', scriptId: def.id, clanTag }, 'admin action');
      const report = await engine.runNow(def, 'manual', clanTag);
      if (report.error) throw report.error;
      return {
        success: true as const,
        runId: report.runId,
        message: report.message,
        result: report.result ?? {},
        details: report.details,
      };
    },
  );
}
