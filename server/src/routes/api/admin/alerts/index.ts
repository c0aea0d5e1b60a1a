import type { FastifyInstance } from 'fastify';
import { alertsResponseSchema } from '../../../../../../contracts/admin-reminders.js';
import type { AlertsService } from '../../../../modules/alerts/alerts.service.js';
import { withContracts } from '../../../../plugins/contract-schemas.js';
import { ADMIN_ERRORS, errorResponses } from '../../../responses.js';
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
