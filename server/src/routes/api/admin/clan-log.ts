import type { FastifyInstance } from 'fastify';
import type { ClanOf } from '#contracts/admin-family';
import { clanLogQuerySchema, clanLogResponseSchema } from '#contracts/admin-leaders';
import { csvResponseSchema } from '#contracts/war-insights';
import type { LeadersService } from '#server/modules/leaders/leaders.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';
import { sendCsv } from './war-report/send-csv.js';

/**
 * GET /api/admin/clan-log (and /csv): the roster changes the polls saw, newest first, filtered by clan (every clan of
 * the family without one), member and kind (docs/leaders-memory.md).
 */
export function registerClanLogRoutes(app: FastifyInstance, leaders: LeadersService, clanOf: ClanOf): void {
  const api = withContracts(app);
  const clanTag = (clan: string | undefined) => (clan ? clanOf(clan) : null);
  api.get(
    '/api/admin/clan-log',
    {
      schema: {
        querystring: clanLogQuerySchema,
        response: { 200: clanLogResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ entries: await leaders.log(request.query, clanTag(request.query.clan)) }),
  );
  api.get(
    '/api/admin/clan-log/csv',
    {
      schema: {
        querystring: clanLogQuerySchema,
        response: { 200: csvResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const entries = await leaders.log(request.query, clanTag(request.query.clan));
      request.log.info({ action: 'clan-log.csv' }, 'admin action');
      return sendCsv(reply, { fileName: 'clan-log.csv', body: leaders.logCsv(entries) });
    },
  );
}
