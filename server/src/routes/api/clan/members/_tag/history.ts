import type { FastifyInstance } from 'fastify';
import { memberPageParamsSchema, memberPageResponseSchema } from '#contracts/member-page';
import type { MemberPageService } from '#server/modules/members/member-page.service';
import { cachedJsonAnswer } from '#server/plugins/cached-answer';
import { withContracts } from '#server/plugins/contract-schemas';
import { errorResponses } from '#server/routes/responses';

/** /api/clan/members/{tag}/history: one player's page (docs/product.md §2); a bad tag 400, a never-seen one 404. */
export function registerMemberHistoryRoute(app: FastifyInstance, memberPages: MemberPageService): void {
  // Served like the members list: cached pages, sent as bytes serialised and compressed once (plugins/cached-answer.ts).
  const answer = cachedJsonAnswer(memberPageResponseSchema);
  withContracts(app).get(
    '/api/clan/members/:tag/history',
    {
      compress: false,
      schema: {
        params: memberPageParamsSchema,
        response: { 200: memberPageResponseSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) => answer(request, reply, memberPages.history(request.params.tag)),
  );
}
