import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clanQuerySchema, type ClanOf } from '#contracts/admin-family';
import {
  memberMemoryParamsSchema,
  memberMemorySchema,
  noteInputSchema,
  noteParamsSchema,
  noteSavedSchema,
} from '#contracts/admin-leaders';
import type { LeadersService } from '#server/modules/leaders/leaders.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const noteBodySchema = z.preprocess((body) => body ?? {}, noteInputSchema);

/**
 * GET /api/admin/leaders/members/:tag (tenure, notes, strikes, watch, log of one player), POST /api/admin/leaders/notes
 * and DELETE /api/admin/leaders/notes/:id (docs/leaders-memory.md): leaders' data, audited when changed.
 */
export function registerLeaderMemberRoutes(app: FastifyInstance, leaders: LeadersService, clanOf: ClanOf): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/leaders/members/:tag',
    {
      schema: {
        params: memberMemoryParamsSchema,
        querystring: clanQuerySchema,
        response: { 200: memberMemorySchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => leaders.member(request.params.tag, clanOf(request.query.clan)),
  );
  api.post(
    '/api/admin/leaders/notes',
    {
      schema: {
        querystring: clanQuerySchema,
        body: noteBodySchema,
        response: { 200: noteSavedSchema, ...errorResponses(...BODY_ERRORS, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const note = await leaders.addNote(request.body, clanOf(request.query.clan), 'admin');
      request.log.info({ action: `leaders.${note.kind}.add`, id: note.id, tag: note.playerTag }, 'admin action');
      const what =
        note.kind === 'strike'
          ? `Strike given to ${note.playerTag}, until ${note.expiresAt!.slice(0, 10)}.`
          : `Note on ${note.playerTag} saved.`;
      return { note, message: what };
    },
  );
  api.delete(
    '/api/admin/leaders/notes/:id',
    {
      schema: {
        params: noteParamsSchema,
        response: { 200: noteSavedSchema, ...errorResponses(400, 404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const note = await leaders.removeNote(request.params.id);
      request.log.info({ action: 'leaders.note.remove', id: note.id }, 'admin action');
      return { note, message: `The ${note.kind} on ${note.playerTag} was removed.` };
    },
  );
}
