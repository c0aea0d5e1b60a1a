import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ClanService } from '../../modules/clan/clan.service.js';
import { PublicCache } from '../../modules/clan/public-cache.js';
import { registerClanRoutes } from './clan/index.js';
import { registerCurrentIpRoute } from './current-ip/index.js';
import { registerLeaderRoute } from './leader/index.js';

/** The public Clash Royale endpoints, served from one cache (the record endpoints live in clan-records.ts). */
export function registerPublicRoutes(app: FastifyInstance, ctx: AppContext): ClanService {
  const cache = new PublicCache({ clock: ctx.clock, db: ctx.db, log: ctx.log });
  const service = new ClanService({
    client: ctx.cr.client,
    cache,
    clanTag: ctx.config.CLAN_TAG,
    demo: ctx.cr.demo,
    ipEchoUrl: ctx.config.CR_IP_ECHO_URL,
  });
  registerClanRoutes(app, service);
  registerLeaderRoute(app, service);
  registerCurrentIpRoute(app, service);
  return service;
}
