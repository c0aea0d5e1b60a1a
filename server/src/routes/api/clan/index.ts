import type { FastifyInstance } from 'fastify';
import {
  clanRankingsResponseSchema,
  clanResponseSchema,
  highestWarDayResponseSchema,
  highestWarWeekResponseSchema,
  membersResponseSchema,
  monthlyChampionsResponseSchema,
} from '#contracts/public';
import { cachedJsonAnswer } from '#server/plugins/cached-answer';
import { withContracts } from '#server/plugins/contract-schemas';
import type { Services } from '#server/services';
import { errorResponses } from '../../responses.js';
import { registerMemberHistoryRoute } from './members/_tag/history.js';
import { registerWarRoutes } from './war/index.js';

/** Answers computed from the Clash Royale API fail with 502 or 503 when nothing is saved (docs/architecture.md §5). */
const UPSTREAM_ERRORS = errorResponses(502, 503);

/**
 * /api/clan/*: the clan, its rankings and members (cached Clash Royale data, sent as bytes serialised and compressed
 * once per cached body: plugins/cached-answer.ts; `compress: false` because they are compressed already), and the war records
 * and monthly champions read from the scripts' tables, and each member's page (docs/product.md §7, docs/architecture.md §5).
 */
export function registerClanRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'clan' | 'records' | 'insights' | 'memberPages' | 'projection'>,
): void {
  const api = withContracts(app);
  const { clan, records } = services;
  const clanAnswer = cachedJsonAnswer(clanResponseSchema);
  const rankingsAnswer = cachedJsonAnswer(clanRankingsResponseSchema);
  const membersAnswer = cachedJsonAnswer(membersResponseSchema);
  api.get(
    '/api/clan',
    { compress: false, schema: { response: { 200: clanResponseSchema, ...UPSTREAM_ERRORS } } },
    (request, reply) => clanAnswer(request, reply, clan.clan()),
  );
  api.get(
    '/api/clan/rankings',
    { compress: false, schema: { response: { 200: clanRankingsResponseSchema, ...UPSTREAM_ERRORS } } },
    (request, reply) => rankingsAnswer(request, reply, clan.rankings()),
  );
  api.get(
    '/api/clan/members',
    { compress: false, schema: { response: { 200: membersResponseSchema, ...UPSTREAM_ERRORS } } },
    (request, reply) => membersAnswer(request, reply, clan.members()),
  );
  api.get(
    '/api/clan/highest-war-week',
    { schema: { response: { 200: highestWarWeekResponseSchema, ...errorResponses() } } },
    () => records.highestWarWeek(),
  );
  api.get(
    '/api/clan/highest-war-day',
    { schema: { response: { 200: highestWarDayResponseSchema, ...errorResponses() } } },
    () => records.highestWarDay(),
  );
  api.get(
    '/api/clan/monthly-champions',
    { schema: { response: { 200: monthlyChampionsResponseSchema, ...errorResponses() } } },
    () => records.monthlyChampions(),
  );
  registerMemberHistoryRoute(app, services.memberPages);
  registerWarRoutes(app, services);
}
