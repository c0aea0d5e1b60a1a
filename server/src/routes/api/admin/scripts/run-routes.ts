import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  replayInputSchema,
  scriptIdSchema,
  scriptResultSchemas,
  type ReplayResponse,
  type RunResponse,
  type ScriptListResponse,
} from '../../../../../../contracts/admin-scripts.js';
import type { AppContext } from '../../../../app-context.js';
import type { AnyScriptDefinition } from '../../../../scripts/types.js';

const historyQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 100' }).int().min(1).max(100).default(50),
});

/** Script list, manual runs, replay and history (docs/product.md §7). */
export function registerRunRoutes(app: FastifyInstance, ctx: AppContext): void {
  const engine = ctx.scripts;

  app.get('/api/admin/scripts', async (): Promise<ScriptListResponse> => ({
    timezone: ctx.config.SCHEDULE_TIMEZONE,
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
  }));

  for (const def of engine.definitions) {
    app.post(`/api/admin/${def.urlSegment}/run`, async (request): Promise<RunResponse> => {
      request.log.info({ action: 'script.run', scriptId: def.id }, 'admin action');
      const report = await engine.runNow(def);
      if (report.error) throw report.error;
      return {
        success: true,
        runId: report.runId,
        message: report.message,
        result: checkedResult(def, report.result ?? {}),
        details: report.details,
      };
    });

    if (def.replay) {
      app.post(`/api/admin/${def.urlSegment}/replay`, async (request): Promise<ReplayResponse> => {
        const { day } = replayInputSchema.parse(request.body ?? {});
        request.log.info({ action: 'script.replay', scriptId: def.id, day }, 'admin action');
        const report = await engine.replay(def, day as 1 | 2 | 3 | 4);
        if (report.error) throw report.error;
        const playersNotified = Number(report.result?.playersNotified ?? 0);
        return { success: true, runId: report.runId, playersNotified, message: report.message };
      });
    }

    // docs/product.md §7 says /api/admin/{scriptId}/history; the URL segment is accepted too.
    for (const segment of new Set([def.id, def.urlSegment])) {
      app.get(`/api/admin/${segment}/history`, async (request) => {
        const { limit } = historyQuerySchema.parse(request.query);
        return { history: await engine.history(def, limit) };
      });
    }
  }
}

/** The three scripts' answers are checked against the contract (docs/architecture.md §2: zod at every boundary). */
function checkedResult(def: AnyScriptDefinition, result: Record<string, unknown>): Record<string, unknown> {
  const id = scriptIdSchema.safeParse(def.id);
  return id.success ? scriptResultSchemas[id.data].parse(result) : result;
}
