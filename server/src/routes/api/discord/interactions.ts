import type { FastifyInstance } from 'fastify';
import { interactionResponseSchema } from '#contracts/discord';
import { AppError, notFound } from '#server/lib/app-error';
import type { DiscordService } from '#server/modules/discord/interactions.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { errorResponses } from '../../responses.js';

/** Interactions are small; Discord sends at most a few kilobytes. */
const BODY_LIMIT = 64 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /api/discord/interactions (docs/discord.md): Discord's interactions endpoint. The body is
 * kept as the bytes received, since the Ed25519 signature covers them exactly; nothing is read
 * before the signature and its timestamp pass, and an interaction id already received is refused (401). 404 while the
 * Discord application is not configured.
 */
export async function registerDiscordInteractionsRoute(app: FastifyInstance, discord: DiscordService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Discord sends JSON: any other content type answers 415 before the signature is even read.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    withContracts(scope).post(
      '/api/discord/interactions',
      {
        bodyLimit: BODY_LIMIT,
        schema: { response: { 200: interactionResponseSchema, ...errorResponses(400, 401, 404, 413, 415) } },
      },
      async (request) => {
        if (!discord.enabled) throw notFound('Discord interactions are not configured on this server.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = discord.verify(
          header(request.headers['x-signature-ed25519']),
          header(request.headers['x-signature-timestamp']),
          raw,
        );
        if (check === 'stale') {
          throw new AppError(401, 'STALE_TIMESTAMP', 'The request timestamp is more than 5 minutes off.');
        }
        if (check !== 'ok') throw new AppError(401, 'INVALID_SIGNATURE', 'The request signature is not valid.');
        // discord-api-types' interfaces carry no index signature; the contract passes `data` on as it is.
        return (await discord.handle(raw)) as { type: number; data?: Record<string, unknown> };
      },
    );
  });
}
