import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SCHEDULE_UPDATED,
  scheduleInputSchema,
  type ScriptId,
  scheduleResponseSchema,
  scheduleUpdateResponseSchema,
} from '#contracts/admin-scripts';
import { clanQuerySchema } from '#contracts/admin-family';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import type { AnyScriptDefinition } from '#server/scripts/types';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

/** A missing body reads as `{}`, so the answer asks for the cron expression. */
const scheduleBodySchema = z.preprocess((body) => body ?? {}, scheduleInputSchema);

/** GET/POST /api/admin/:script/schedule (docs/product.md §7). */
export function registerScheduleRoutes(app: FastifyInstance, engine: ScriptEngine, def: AnyScriptDefinition): void {
  const api = withContracts(app);
  const url = `/api/admin/${def.urlSegment}/schedule`;
  api.get(
    url,
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: scheduleResponseSchema, ...errorResponses(400, ...ADMIN_ERRORS, 404) },
      },
    },
    (request) => engine.getSchedule(def, engine.clanOf(request.query.clan)),
  );

  api.post(
    url,
    {
      schema: {
        body: scheduleBodySchema,
        querystring: clanQuerySchema,
        response: { 200: scheduleUpdateResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS, 404) },
      },
    },
    async (request) => {
      const saved = await engine.setSchedule(def, request.body.schedule, engine.clanOf(request.query.clan));
      request.log.info({ action: 'script.schedule', scriptId: def.id, schedule: saved.schedule }, 'admin action');
      // The product's exact text; the schedule in words travels apart, in `description`.
      const message = SCHEDULE_UPDATED[def.id as ScriptId] ?? SCHEDULE_UPDATED['inactive-players'];
      return { ...saved, message };
    },
  );
}
