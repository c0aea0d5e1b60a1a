import type { FastifyInstance } from 'fastify';
import { registerCommandsResponseSchema } from '#contracts/admin-scripts';
import type { DiscordService } from '#server/modules/discord/interactions.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/**
 * The system card's "Register the commands again": the slash commands are otherwise registered only at start, so a
 * registration Discord refused (a wrong token, Discord down) would wait for the next restart (docs/discord.md).
 */
export function registerDiscordCommandsRoute(app: FastifyInstance, discord: DiscordService): void {
  withContracts(app).post(
    '/api/admin/discord-commands',
    { schema: { response: { 200: registerCommandsResponseSchema, ...errorResponses(400, 502, ...ADMIN_ERRORS) } } },
    async (request) => {
      const done = await discord.registerCommandsNow();
      request.log.info({ event: 'admin.discord-commands', ...done }, 'admin registered the Discord commands again');
      return done;
    },
  );
}
