import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  discordRolesStateSchema,
  roleAuditSchema,
  roleRulesSchema,
  rolesPreviewSchema,
} from '#contracts/admin-discord-roles';
import type { DiscordRolesAdmin } from '#server/modules/discord-roles/roles-admin';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, BODY_ERRORS, errorResponses } from '#server/routes/responses';

const bodySchema = z.preprocess((body) => body ?? {}, roleRulesSchema);

/**
 * GET/PUT /api/admin/discord-roles (the rules), GET …/preview (what would change for whom, nothing applied) and
 * GET …/changes (the audit), docs/decisions/160-discord-roles.md. Behind the admin hook like every admin route.
 */
export function registerDiscordRolesRoutes(app: FastifyInstance, roles: DiscordRolesAdmin): void {
  const api = withContracts(app);
  api.get(
    '/api/admin/discord-roles',
    { schema: { response: { 200: discordRolesStateSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => roles.state(),
  );
  api.put(
    '/api/admin/discord-roles',
    {
      schema: {
        body: bodySchema,
        response: { 200: discordRolesStateSchema, ...errorResponses(...BODY_ERRORS, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const state = await roles.save(request.body);
      request.log.info({ action: 'discord-roles.save', enabled: request.body.enabled }, 'admin action');
      return state;
    },
  );
  api.get(
    '/api/admin/discord-roles/preview',
    { schema: { response: { 200: rolesPreviewSchema, ...errorResponses(409, 502, ...ADMIN_ERRORS) } } },
    () => roles.preview(),
  );
  api.get(
    '/api/admin/discord-roles/changes',
    { schema: { response: { 200: roleAuditSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    () => roles.audit(),
  );
}
