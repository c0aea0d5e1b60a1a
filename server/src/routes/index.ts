import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { registerAdminApi } from './api/admin/index.js';
import { registerClanRoutes } from './api/clan/index.js';
import { registerCurrentIpRoute } from './api/current-ip/index.js';
import { registerDiscordInteractionsRoute } from './api/discord/interactions.js';
import { registerLeaderRoute } from './api/leader/index.js';
import { registerHealthRoute } from './health.js';

/** Every HTTP route; each folder below is the URL it serves (docs/architecture.md §2). */
export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  registerHealthRoute(app, services.health);
  registerClanRoutes(app, services);
  registerLeaderRoute(app, services.clan);
  registerCurrentIpRoute(app, services.clan);
  await registerDiscordInteractionsRoute(app, services.discord);
  await registerAdminApi(app, services);
}
