import type { FastifyInstance } from 'fastify';
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
    { schema: { response: { 200: runSchemaOf(def), ...errorResponses(400, ...ADMIN_ERRORS, 409, 502, 503) } } },
    async (request) => {
      request.log.info({ action: 'script.run', scriptId: def.id }, 'admin action');
      const report = await engine.runNow(def);
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
