import type { FastifyInstance } from 'fastify';
import { currentIpResponseSchema } from '#contracts/public';
import { withContracts } from '#server/plugins/contract-schemas';
import type { Services } from '#server/services';
import { errorResponses } from '../../responses.js';

/** The address the Clash Royale API sees, for the "whitelist this IP" hint (docs/product.md §7). */
export function registerCurrentIpRoute(app: FastifyInstance, clan: Services['clan']): void {
  withContracts(app).get(
    '/api/current-ip',
    { schema: { response: { 200: currentIpResponseSchema, ...errorResponses() } } },
    () => clan.currentIp(),
  );
}
