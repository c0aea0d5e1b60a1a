import type { FastifyInstance } from 'fastify';
import { currentIpResponseSchema } from '../../../../../contracts/public.js';
import type { ClanService } from '../../../modules/clan/clan.service.js';
import { responseSchema } from '../response-schema.js';

/** The address the Clash Royale API sees, for the "whitelist this IP" hint (docs/product.md §7). */
export function registerCurrentIpRoute(app: FastifyInstance, service: ClanService): void {
  app.get('/api/current-ip', { schema: { response: responseSchema(currentIpResponseSchema) } }, () =>
    service.currentIp(),
  );
}
