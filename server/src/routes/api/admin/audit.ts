import type { FastifyInstance } from 'fastify';
import { auditResponseSchema } from '#contracts/admin-auth';
import type { AuditService } from '#server/modules/audit/audit.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '../../responses.js';

/** GET /api/admin/audit: the newest changes to message templates, for Account Settings (docs/decisions/056-template-audit.md). */
export function registerAuditRoute(app: FastifyInstance, audit: AuditService): void {
  withContracts(app).get(
    '/api/admin/audit',
    { schema: { response: { 200: auditResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async () => ({ events: await audit.list() }),
  );
}
