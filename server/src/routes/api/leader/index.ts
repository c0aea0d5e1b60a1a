import type { FastifyInstance } from 'fastify';
import { leaderResponseSchema } from '../../../../../contracts/public.js';
import { cachedJsonAnswer } from '../../../plugins/cached-answer.js';
import { withContracts } from '../../../plugins/contract-schemas.js';
import type { Services } from '../../../services.js';
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
