import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clanQuerySchema } from '#contracts/admin-family';
import { replayInputSchema, replayResponseSchema } from '#contracts/admin-scripts';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import type { AnyScriptDefinition } from '#server/scripts/types';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

/** A missing body reads as `{}`, so the answer names the missing day. */
const replayBodySchema = z.preprocess((body) => body ?? {}, replayInputSchema);

/** POST /api/admin/inactive-players/replay: the report of a stored battle day 1–4, sent again. */
export function registerReplayRoute(app: FastifyInstance, engine: ScriptEngine, def: AnyScriptDefinition): void {
  withContracts(app).post(
    `/api/admin/${def.urlSegment}/replay`,
    {
      schema: {
        body: replayBodySchema,
        querystring: clanQuerySchema,
        response: { 200: replayResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const { day } = request.body;
      request.log.info({ action: 'script.replay', scriptId: def.id, day }, 'admin action');
      const report = await engine.replay(def, day as 1 | 2 | 3 | 4, engine.clanOf(request.query.clan));
      if (report.error) throw report.error;
      const playersNotified = Number(report.result?.playersNotified ?? 0);
      return { success: true as const, runId: report.runId, playersNotified, message: report.message };
    },
  );
}
