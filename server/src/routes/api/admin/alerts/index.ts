import type { FastifyInstance } from 'fastify';
import { alertsResponseSchema } from '#contracts/admin-reminders';
import type { AlertsService } from '#server/modules/alerts/alerts.service';
import { withContracts } from '#server/plugins/contract-schemas';
import { ADMIN_ERRORS, errorResponses } from '#server/routes/responses';
import { registerAcknowledgeRoute } from './_id/acknowledge.js';

/** GET /api/admin/alerts: open alerts, newest first (docs/reminders.md "Alerts"). */
export function registerAlertsRoutes(app: FastifyInstance, alerts: AlertsService): void {
  withContracts(app).get(
    '/api/admin/alerts',
    { schema: { response: { 200: alertsResponseSchema, ...errorResponses(...ADMIN_ERRORS) } } },
    async () => ({ alerts: await alerts.list() }),
  );
  registerAcknowledgeRoute(app, alerts);
}
