import type { FastifyInstance } from 'fastify';
import { adminMembersResponseSchema } from '#contracts/admin-reminders';
import type { DiscordLinksService } from '#server/modules/reminders/discord-links.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';

/** GET /api/admin/members: current members with their Discord link (admin only, docs/reminders.md). */
export function registerAdminMembersRoute(app: FastifyInstance, links: DiscordLinksService): void {
  withContracts(app).get(
    '/api/admin/members',
    { schema: { response: { 200: adminMembersResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async () => ({ members: await links.members() }),
  );
}
