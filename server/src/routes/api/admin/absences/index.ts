import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  absenceDecisionSchema,
  absenceInputSchema,
  absenceParamsSchema,
  absenceReasonsSchema,
  absenceSavedSchema,
  absencesResponseSchema,
} from '#contracts/admin-members';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import type { AbsencesService } from '#server/modules/members/absences.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const inputSchema = z.preprocess((body) => body ?? {}, absenceInputSchema);
const decisionSchema = z.preprocess((body) => body ?? {}, absenceDecisionSchema);
const reasonsBodySchema = z.preprocess((body) => body ?? {}, absenceReasonsSchema);

/**
 * GET/POST /api/admin/absences and POST /api/admin/absences/:id/decision: excused absences in the
 * Reminders tab (docs/discord.md). An absence the admin adds is approved at once.
 */
export function registerAbsencesRoutes(app: FastifyInstance, absences: AbsencesService, clanOf: ClanOf): void {
  const api = withContracts(app);
  // Whether the clan's absence reasons show on public member pages (docs/decisions/116-absence-reasons-private.md).
  api.get(
    '/api/admin/absences/reasons',
    {
      schema: {
        querystring: clanQuerySchema,
        response: { 200: absenceReasonsSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ public: await absences.reasonsPublic(clanOf(request.query.clan)) }),
  );
  api.put(
    '/api/admin/absences/reasons',
    {
      schema: {
        querystring: clanQuerySchema,
        body: reasonsBodySchema,
        response: { 200: absenceReasonsSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const clanTag = clanOf(request.query.clan);
      await absences.setReasonsPublic(clanTag, request.body.public);
      request.log.info({ action: 'absence-reasons', clanTag, public: request.body.public }, 'admin action');
      return { public: await absences.reasonsPublic(clanTag) };
    },
  );
  api.get(
    '/api/admin/absences',
    { schema: { response: { 200: absencesResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async () => ({ absences: await absences.list() }),
  );
  api.post(
    '/api/admin/absences',
    {
      schema: {
        body: inputSchema,
        response: { 200: absenceSavedSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { playerTag, startsOn, endsOn, reason } = request.body;
      const absence = await absences.add(
        { playerTag, from: startsOn, to: endsOn, reason },
        { requestedBy: 'admin', approvedBy: 'admin' },
      );
      request.log.info({ action: 'absence.add', id: absence.id, tag: absence.playerTag }, 'admin action');
      return {
        absence,
        message: `${absence.playerName ?? absence.playerTag} is excused from ${absence.startsOn} to ${absence.endsOn}.`,
      };
    },
  );
  api.post(
    '/api/admin/absences/:id/decision',
    {
      schema: {
        params: absenceParamsSchema,
        body: decisionSchema,
        response: { 200: absenceSavedSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS, 409) },
      },
    },
    async (request) => {
      const approve = request.body.decision === 'approve';
      const absence = await absences.decide(request.params.id, approve ? 'approved' : 'rejected', 'admin');
      request.log.info({ action: `absence.${approve ? 'approve' : 'reject'}`, id: absence.id }, 'admin action');
      return { absence, message: `Absence of ${absence.playerName ?? absence.playerTag} ${absence.status}.` };
    },
  );
}
