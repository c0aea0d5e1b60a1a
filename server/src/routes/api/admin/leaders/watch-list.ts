import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { watchInputSchema, watchListResponseSchema, watchParamsSchema } from '#contracts/admin-leaders';
import type { LeadersService } from '#server/modules/leaders/leaders.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, watchInputSchema);

/** GET/POST /api/admin/leaders/watch-list and DELETE /api/admin/leaders/watch-list/:tag (docs/leaders-memory.md). */
export function registerWatchListRoutes(app: FastifyInstance, leaders: LeadersService): void {
  const api = withContracts(app);
  const list = async () => ({ entries: await leaders.watch.list() });
  api.get(
    '/api/admin/leaders/watch-list',
    { schema: { response: { 200: watchListResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    list,
  );
  api.post(
    '/api/admin/leaders/watch-list',
    {
      schema: {
        body: bodySchema,
        response: { 200: watchListResponseSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      await leaders.watch.add(request.body, 'admin');
      request.log.info({ action: 'leaders.watch.add' }, 'admin action');
      return list();
    },
  );
  api.delete(
    '/api/admin/leaders/watch-list/:tag',
    {
      schema: {
        params: watchParamsSchema,
        response: { 200: watchListResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      await leaders.watch.remove(request.params.tag);
      request.log.info({ action: 'leaders.watch.remove' }, 'admin action');
      return list();
    },
  );
}
