import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { linkConfirmedSchema, linkConfirmInputSchema } from '#contracts/admin-members';
import { discordLinkParamsSchema } from '#contracts/admin-reminders';
import type { DiscordLinksService } from '#server/modules/reminders/discord-links.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, linkConfirmInputSchema);

/**
 * POST /api/admin/discord-links/:tag/confirm `{ discordUserId }`: a leader vouches for the claim they saw, this tag
 * claimed by this Discord user (docs/discord.md); 409 when the tag changed hands since.
 */
export function registerConfirmLinkRoute(app: FastifyInstance, links: DiscordLinksService): void {
  withContracts(app).post(
    '/api/admin/discord-links/:tag/confirm',
    {
      schema: {
        params: discordLinkParamsSchema,
        body: bodySchema,
        response: { 200: linkConfirmedSchema, ...errorResponses(...BODY_ERRORS, 404, 409, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { tag, status } = await links.confirm(request.params.tag, request.body.discordUserId);
      request.log.info(
        { action: 'discord-link.confirm', tag, discordUserId: request.body.discordUserId },
        'admin action',
      );
      return {
        tag,
        status,
        message: status === 'confirmed' ? `${tag}'s link is confirmed.` : `${tag}'s link was already verified.`,
      };
    },
  );
}
