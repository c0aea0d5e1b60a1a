import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reminderSettingsInputSchema, reminderSettingsSchema } from '#contracts/admin-reminders';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import type { RemindersService } from '#server/modules/reminders/reminders.service';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, reminderSettingsInputSchema);
const updatedSchema = reminderSettingsSchema.extend({ message: z.string() });

/** GET/PUT /api/admin/reminders: the reminder times before the predicted reset, and the prediction (docs/reminders.md). */
export function registerRemindersRoutes(
  app: FastifyInstance,
  reminders: RemindersService,
  engine: ScriptEngine,
  clanOf: ClanOf,
): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/reminders',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: reminderSettingsSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    (request) => reminders.settings(clanOf(request.query.clan)),
  );
  api.put(
    '/api/admin/reminders',
    {
      schema: {
        body: bodySchema,
        querystring: clanQuerySchema,
        response: { 200: updatedSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { offsetsMinutes, projectionLine } = request.body;
      const saved = await reminders.setOffsets(offsetsMinutes, clanOf(request.query.clan), projectionLine);
      await engine.refreshSchedule();
      request.log.info(
        { action: 'reminders.update', offsets: saved.offsetsMinutes, projectionLine: saved.projectionLine },
        'admin action',
      );
      return { ...saved, message: 'Reminder times updated successfully' };
    },
  );
}
