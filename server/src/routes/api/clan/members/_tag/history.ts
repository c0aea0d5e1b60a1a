import type { FastifyInstance } from 'fastify';
import { memberPageParamsSchema, memberPageResponseSchema } from '#contracts/member-page';
import type { MemberPageService } from '#server/modules/members/member-page.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { errorResponses } from '#server/routes/responses';

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
