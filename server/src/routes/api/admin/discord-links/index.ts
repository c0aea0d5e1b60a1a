import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { discordLinkInputSchema, discordLinkParamsSchema, discordLinkResponseSchema } from '#contracts/admin-reminders';
import type { DiscordLinksService } from '#server/modules/reminders/discord-links.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, discordLinkInputSchema);

/** PUT/DELETE /api/admin/discord-links/:tag: link a player tag to a Discord user id, or unlink it. */
export function registerDiscordLinkRoutes(app: FastifyInstance, links: DiscordLinksService): void {
  const api = withContracts(app);
  const url = '/api/admin/discord-links/:tag';
  api.put(
    url,
    {
      schema: {
        params: discordLinkParamsSchema,
        body: bodySchema,
        response: { 200: discordLinkResponseSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const saved = await links.link(request.params.tag, request.body.discordUserId);
      request.log.info({ action: 'discord-link.set', tag: saved.tag }, 'admin action');
      return { ...saved, message: `${saved.tag} is linked to Discord user ${saved.discordUserId}.` };
    },
  );
  api.delete(
    url,
    {
      schema: {
        params: discordLinkParamsSchema,
        response: { 200: discordLinkResponseSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { tag } = await links.unlink(request.params.tag);
      request.log.info({ action: 'discord-link.delete', tag }, 'admin action');
      return { tag, discordUserId: null, message: `${tag} is no longer linked.` };
    },
  );
}
