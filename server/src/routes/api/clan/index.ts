import type { FastifyInstance } from 'fastify';
import {
  clanRankingsResponseSchema,
  clanResponseSchema,
  membersResponseSchema,
} from '../../../../../contracts/public.js';
import type { ClanService } from '../../../modules/clan/clan.service.js';
import { responseSchema } from '../response-schema.js';

/** /api/clan, /api/clan/rankings, /api/clan/members (docs/product.md §7, docs/architecture.md §5). */
export function registerClanRoutes(app: FastifyInstance, service: ClanService): void {
  app.get('/api/clan', { schema: { response: responseSchema(clanResponseSchema) } }, () => service.clan());
  app.get('/api/clan/rankings', { schema: { response: responseSchema(clanRankingsResponseSchema) } }, () =>
    service.rankings(),
  );
  app.get('/api/clan/members', { schema: { response: responseSchema(membersResponseSchema) } }, () =>
    service.members(),
  );
}
