import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reminderSettingsInputSchema, reminderSettingsSchema } from '#contracts/admin-reminders';
import type { RemindersService } from '#server/modules/reminders/reminders.service';
import { withContracts } from '#server/plugins/contract-schemas';
import type { ScriptEngine } from '#server/scripts/engine';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, reminderSettingsInputSchema);
const updatedSchema = reminderSettingsSchema.extend({ message: z.string() });

/** GET/PUT /api/admin/reminders: the reminder times before the predicted reset, and the prediction (docs/reminders.md). */
export function registerRemindersRoutes(app: FastifyInstance, reminders: RemindersService, engine: ScriptEngine): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/reminders',
    { schema: { response: { 200: reminderSettingsSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => reminders.settings(),
  );
  api.put(
    '/api/admin/reminders',
    {
      schema: {
        body: bodySchema,
        response: { 200: updatedSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const saved = await reminders.setOffsets(request.body.offsetsMinutes);
      await engine.refreshSchedule();
      request.log.info({ action: 'reminders.update', offsets: saved.offsetsMinutes }, 'admin action');
      return { ...saved, message: 'Reminder times updated successfully' };
    },
  );
}
