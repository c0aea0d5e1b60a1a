import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { registerAdminApi } from './api/admin/index.js';
import { registerClanRoutes } from './api/clan/index.js';
import { registerFamilySiteRoutes } from './api/clans/index.js';
import { registerCurrentIpRoute } from './api/current-ip/index.js';
import { registerDiscordInteractionsRoute } from './api/discord/interactions.js';
import { registerLeaderRoute } from './api/leader/index.js';
import { registerHealthRoute } from './health.js';

/**
 * Public answers of 1 KB or more are compressed when the client accepts it (brotli, else gzip); the cached ones
 * carry their own compressed bytes and opt out (`compress: false`). Request bodies are never decompressed. The
 * admin API is left out: its answers carry session tokens and secrets beside text a request controls
 * (docs/decisions/070-compression.md).
 */
const PUBLIC_COMPRESSION: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  encodings: ['br', 'gzip'],
  threshold: 1024,
};

/** Every HTTP route; each folder below is the URL it serves (docs/architecture.md §2). */
export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (publicApi) => {
    await publicApi.register(fastifyCompress, PUBLIC_COMPRESSION);
    registerHealthRoute(publicApi, services.health);
    registerClanRoutes(publicApi, services);
    registerFamilySiteRoutes(publicApi, services);
    registerLeaderRoute(publicApi, services.clan);
    registerCurrentIpRoute(publicApi, services.clan);
  });
  await registerDiscordInteractionsRoute(app, services.discord);
  await registerAdminApi(app, services);
}
