import type { FastifyInstance } from 'fastify';
import { adminMembersResponseSchema } from '../../../../../../contracts/admin-reminders.js';
import type { DiscordLinksService } from '../../../../modules/reminders/discord-links.service.js';
import { withContracts } from '../../../../plugins/contract-schemas.js';
import { ADMIN_ERRORS, errorResponses } from '../../../responses.js';

/** GET /api/admin/members: current members with their Discord link (admin only, docs/reminders.md). */
export function registerAdminMembersRoute(app: FastifyInstance, links: DiscordLinksService): void {
  withContracts(app).get(
    '/api/admin/members',
    { schema: { response: { 200: adminMembersResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async () => ({ members: await links.members() }),
  );
}
