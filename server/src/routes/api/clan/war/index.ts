import type { FastifyInstance } from 'fastify';
import { bestFameResponseSchema } from '../../../../../../contracts/public.js';
import { withContracts } from '../../../../plugins/contract-schemas.js';
import type { Services } from '../../../../services.js';
import { errorResponses } from '../../../responses.js';

/** /api/clan/war/*: the best single war week of a player. */
export function registerWarRoutes(app: FastifyInstance, records: Services['records']): void {
  withContracts(app).get(
    '/api/clan/war/best-fame',
    { schema: { response: { 200: bestFameResponseSchema, ...errorResponses() } } },
    () => records.bestFame(),
  );
}
