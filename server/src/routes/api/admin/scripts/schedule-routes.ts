import type { FastifyInstance } from 'fastify';
import {
  scheduleInputSchema,
  type ScheduleResponse,
  type ScheduleUpdateResponse,
} from '../../../../../../contracts/admin-scripts.js';
import type { AppContext } from '../../../../app-context.js';

/** GET/POST /api/admin/{inactive-players|river-race|monthly-fame}/schedule (docs/product.md §7). */
export function registerScheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const engine = ctx.scripts;
  for (const def of engine.definitions) {
    app.get(`/api/admin/${def.urlSegment}/schedule`, async (): Promise<ScheduleResponse> => engine.getSchedule(def));

    app.post(`/api/admin/${def.urlSegment}/schedule`, async (request): Promise<ScheduleUpdateResponse> => {
      const { schedule } = scheduleInputSchema.parse(request.body ?? {});
      const saved = await engine.setSchedule(def, schedule);
      request.log.info({ action: 'script.schedule', scriptId: def.id, schedule: saved.schedule }, 'admin action');
      return { ...saved, message: `Schedule updated successfully: ${saved.description}` };
    });
  }
}
