import type { FastifyInstance } from 'fastify';
import { acknowledgeResponseSchema, alertParamsSchema } from '#contracts/admin-reminders';
import type { AlertsService } from '#server/modules/alerts/alerts.service';
import { notFound } from '#server/lib/app-error';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';

/** POST /api/admin/alerts/:id/acknowledge: the banner goes away; 404 when no such open alert. */
export function registerAcknowledgeRoute(app: FastifyInstance, alerts: AlertsService): void {
  withContracts(app).post(
    '/api/admin/alerts/:id/acknowledge',
    {
      schema: {
        params: alertParamsSchema,
        response: { 200: acknowledgeResponseSchema, ...errorResponses(404, ...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      if (!(await alerts.acknowledge(request.params.id))) throw notFound('There is no such open alert.');
      request.log.info({ action: 'alert.acknowledge', id: request.params.id }, 'admin action');
      return { success: true as const, message: 'Alert acknowledged' };
    },
  );
}
