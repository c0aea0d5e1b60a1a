import type { FastifyInstance } from 'fastify';
import { linkConfirmedSchema } from '#contracts/admin-members';
import { discordLinkParamsSchema } from '#contracts/admin-reminders';
import type { DiscordLinksService } from '#server/modules/reminders/discord-links.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';

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
