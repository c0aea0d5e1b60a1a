import type { FastifyInstance } from 'fastify';
import { linkConfirmedSchema } from '../../../../../../contracts/admin-members.js';
import { discordLinkParamsSchema } from '../../../../../../contracts/admin-reminders.js';
import type { DiscordLinksService } from '../../../../modules/reminders/discord-links.service.js';
import { withContracts } from '../../../../plugins/contract-schemas.js';
import { ADMIN_ERRORS, errorResponses } from '../../../responses.js';

/** POST /api/admin/discord-links/:tag/confirm: a leader vouches for a link claimed in Discord (docs/discord.md). */
export function registerConfirmLinkRoute(app: FastifyInstance, links: DiscordLinksService): void {
  withContracts(app).post(
    '/api/admin/discord-links/:tag/confirm',
    {
      schema: {
        params: discordLinkParamsSchema,
        response: { 200: linkConfirmedSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { tag, status } = await links.confirm(request.params.tag);
      request.log.info({ action: 'discord-link.confirm', tag }, 'admin action');
      return {
        tag,
        status,
        message: status === 'confirmed' ? `${tag}'s link is confirmed.` : `${tag}'s link was already verified.`,
      };
    },
  );
}
