import type { FastifyInstance } from 'fastify';
import { leaderResponseSchema } from '#contracts/public';
import { cachedJsonAnswer } from '#server/plugins/cached-answer';
import { withContracts } from '#server/plugins/contract-schemas';
import type { Services } from '#server/services';
import { errorResponses } from '../../responses.js';

/** The clan's leader with their profile (docs/architecture.md §5); no leader listed answers 502. */
export function registerLeaderRoute(app: FastifyInstance, clan: Services['clan']): void {
  const answer = cachedJsonAnswer(leaderResponseSchema);
  withContracts(app).get(
    '/api/leader',
    { compress: false, schema: { response: { 200: leaderResponseSchema, ...errorResponses(502, 503) } } },
    (request, reply) => answer(request, reply, clan.leader()),
  );
}
