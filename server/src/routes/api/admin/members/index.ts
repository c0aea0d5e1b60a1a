import type { FastifyInstance } from 'fastify';
import { adminMembersResponseSchema } from '#contracts/admin-reminders';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import type { DiscordLinksService } from '#server/modules/reminders/discord-links.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';

/** GET /api/admin/members: current members with their Discord link (admin only, docs/reminders.md). */
export function registerAdminMembersRoute(app: FastifyInstance, links: DiscordLinksService, clanOf: ClanOf): void {
  withContracts(app).get(
    '/api/admin/members',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: adminMembersResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ members: await links.members(clanOf(request.query.clan)) }),
  );
}
