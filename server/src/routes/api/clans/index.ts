import type { FastifyInstance } from 'fastify';
import { clanMemberParamsSchema, clanParamsSchema, familySiteResponseSchema } from '#contracts/family-site';
import { memberPageResponseSchema } from '#contracts/member-page';
import {
  bestFameResponseSchema,
  clanRankingsResponseSchema,
  clanResponseSchema,
  highestWarDayResponseSchema,
  highestWarWeekResponseSchema,
  leaderResponseSchema,
  membersResponseSchema,
  monthlyChampionsResponseSchema,
} from '#contracts/public';
import { lastWarResponseSchema, publicWarRulesResponseSchema } from '#contracts/war-insights';
import { cachedJsonAnswer } from '#server/plugins/cached-answer';
import { withContracts } from '#server/plugins/contract-schemas';
import type { Services } from '#server/services';
import { errorResponses } from '../../responses.js';
import { raceProjectionResponseSchema } from '#contracts/race-projection';

/** A family clan's answer: 400 for a malformed tag, 404 for a clan outside the family; upstream ones 502/503. */
const CLAN_ERRORS = errorResponses(400, 404);
const UPSTREAM_ERRORS = errorResponses(400, 404, 502, 503);
const params = clanParamsSchema;

/**
 * The public family site (docs/decisions/103-demo-family-and-public-site.md): /api/clans lists the active clans for
 * the family page, and /api/clans/{tag without #}/… answers every /api/clan/… endpoint (and /api/leader) for one
 * clan of the family, from that clan's services (server/src/clan-sites.ts); the main clan's are /api/clan's own.
 */
export function registerFamilySiteRoutes(app: FastifyInstance, services: Pick<Services, 'familySite'>): void {
  const api = withContracts(app);
  const { familySite } = services;
  const site = (clan: string) => familySite.site(clan);
  const clanAnswer = cachedJsonAnswer(clanResponseSchema);
  const rankingsAnswer = cachedJsonAnswer(clanRankingsResponseSchema);
  const membersAnswer = cachedJsonAnswer(membersResponseSchema);
  const leaderAnswer = cachedJsonAnswer(leaderResponseSchema);
  const memberAnswer = cachedJsonAnswer(memberPageResponseSchema);

  api.get('/api/clans', { schema: { response: { 200: familySiteResponseSchema, ...errorResponses() } } }, () =>
    familySite.list(),
  );
  api.get(
    '/api/clans/:clan',
    { compress: false, schema: { params, response: { 200: clanResponseSchema, ...UPSTREAM_ERRORS } } },
    (request, reply) => clanAnswer(request, reply, site(request.params.clan).clan.clan()),
  );
  api.get(
    '/api/clans/:clan/rankings',
    { compress: false, schema: { params, response: { 200: clanRankingsResponseSchema, ...UPSTREAM_ERRORS } } },
    (request, reply) => rankingsAnswer(request, reply, site(request.params.clan).clan.rankings()),
  );
  api.get(
    '/api/clans/:clan/members',
    { compress: false, schema: { params, response: { 200: membersResponseSchema, ...UPSTREAM_ERRORS } } },
    (request, reply) => membersAnswer(request, reply, site(request.params.clan).clan.members()),
  );
  api.get(
    '/api/clans/:clan/leader',
    { compress: false, schema: { params, response: { 200: leaderResponseSchema, ...UPSTREAM_ERRORS } } },
    (request, reply) => leaderAnswer(request, reply, site(request.params.clan).clan.leader()),
  );
  api.get(
    '/api/clans/:clan/highest-war-week',
    { schema: { params, response: { 200: highestWarWeekResponseSchema, ...CLAN_ERRORS } } },
    (request) => site(request.params.clan).records.highestWarWeek(),
  );
  api.get(
    '/api/clans/:clan/highest-war-day',
    { schema: { params, response: { 200: highestWarDayResponseSchema, ...CLAN_ERRORS } } },
    (request) => site(request.params.clan).records.highestWarDay(),
  );
  api.get(
    '/api/clans/:clan/monthly-champions',
    { schema: { params, response: { 200: monthlyChampionsResponseSchema, ...CLAN_ERRORS } } },
    (request) => site(request.params.clan).records.monthlyChampions(),
  );
  api.get(
    '/api/clans/:clan/war/last-war',
    { schema: { params, response: { 200: lastWarResponseSchema, ...CLAN_ERRORS } } },
    (request) => site(request.params.clan).insights.lastWar(),
  );
  api.get(
    '/api/clans/:clan/war/projection',
    { schema: { params, response: { 200: raceProjectionResponseSchema, ...UPSTREAM_ERRORS } } },
    (request) => site(request.params.clan).projection.current(),
  );
  api.get(
    '/api/clans/:clan/war/rules',
    { schema: { params, response: { 200: publicWarRulesResponseSchema, ...CLAN_ERRORS } } },
    (request) => site(request.params.clan).insights.publicRules(),
  );
  api.get(
    '/api/clans/:clan/war/best-fame',
    { schema: { params, response: { 200: bestFameResponseSchema, ...CLAN_ERRORS } } },
    (request) => site(request.params.clan).records.bestFame(),
  );
  api.get(
    '/api/clans/:clan/members/:tag/history',
    {
      compress: false,
      schema: { params: clanMemberParamsSchema, response: { 200: memberPageResponseSchema, ...CLAN_ERRORS } },
    },
    (request, reply) => memberAnswer(request, reply, familySite.memberHistory(request.params.clan, request.params.tag)),
  );
}
