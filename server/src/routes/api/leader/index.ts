import type { FastifyInstance } from 'fastify';
import { leaderResponseSchema } from '../../../../../contracts/public.js';
import type { ClanService } from '../../../modules/clan/clan.service.js';
import { responseSchema } from '../response-schema.js';

export function registerLeaderRoute(app: FastifyInstance, service: ClanService): void {
  app.get('/api/leader', { schema: { response: responseSchema(leaderResponseSchema) } }, () => service.leader());
}
