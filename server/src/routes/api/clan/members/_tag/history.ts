import type { FastifyInstance } from 'fastify';
import { memberPageParamsSchema, memberPageResponseSchema } from '../../../../../../../contracts/member-page.js';
import type { MemberPageService } from '../../../../../modules/members/member-page.service.js';
import { withContracts } from '../../../../../plugins/contract-schemas.js';
import { errorResponses } from '../../../../responses.js';

/** /api/clan/members/{tag}/history: one player's page (docs/product.md §2); a bad tag 400, a never-seen one 404. */
export function registerMemberHistoryRoute(app: FastifyInstance, memberPages: MemberPageService): void {
  withContracts(app).get(
    '/api/clan/members/:tag/history',
    {
      schema: {
        params: memberPageParamsSchema,
        response: { 200: memberPageResponseSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => memberPages.history(request.params.tag),
  );
}
