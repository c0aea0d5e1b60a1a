import type { FastifyInstance } from 'fastify';
import { bestFameResponseSchema } from '../../../../../../contracts/public.js';
import { lastWarResponseSchema, publicWarRulesResponseSchema } from '../../../../../../contracts/war-insights.js';
import { withContracts } from '../../../../plugins/contract-schemas.js';
import type { Services } from '../../../../services.js';
import { errorResponses } from '../../../responses.js';

/** /api/clan/war/*: the best single war week of a player, the last war card and the clan's war rules. */
export function registerWarRoutes(app: FastifyInstance, services: Pick<Services, 'records' | 'insights'>): void {
  const { records, insights } = services;
  withContracts(app).get(
    '/api/clan/war/last-war',
    { schema: { response: { 200: lastWarResponseSchema, ...errorResponses() } } },
    () => insights.lastWar(),
  );
  withContracts(app).get(
    '/api/clan/war/rules',
    { schema: { response: { 200: publicWarRulesResponseSchema, ...errorResponses() } } },
    () => insights.publicRules(),
  );
  withContracts(app).get(
    '/api/clan/war/best-fame',
    { schema: { response: { 200: bestFameResponseSchema, ...errorResponses() } } },
    () => records.bestFame(),
  );
}
