import type { FastifyInstance } from 'fastify';
import { bestFameResponseSchema } from '#contracts/public';
import { lastWarResponseSchema, publicWarRulesResponseSchema } from '#contracts/war-insights';
import { raceProjectionResponseSchema } from '#contracts/race-projection';
import { withContracts } from '#server/plugins/contract-schemas';
import type { Services } from '#server/services';
import { errorResponses } from '#server/routes/responses';

/** /api/clan/war/*: the best single war week of a player, the last war card, the race projection and the war rules. */
export function registerWarRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'records' | 'insights' | 'projection'>,
): void {
  const { records, insights, projection } = services;
  withContracts(app).get(
    '/api/clan/war/last-war',
    { schema: { response: { 200: lastWarResponseSchema, ...errorResponses() } } },
    () => insights.lastWar(),
  );
  withContracts(app).get(
    '/api/clan/war/projection',
    { schema: { response: { 200: raceProjectionResponseSchema, ...errorResponses(502) } } },
    () => projection.current(),
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
