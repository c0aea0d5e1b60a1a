import type { FastifyInstance } from 'fastify';
import {
  databaseQuerySchema,
  viewableTableSchema,
  type DatabaseResponse,
  type OutboxResponse,
} from '../../../../../../contracts/admin-scripts.js';
import type { AppContext } from '../../../../app-context.js';
import { notFound } from '../../../../lib/app-error.js';
import { readTable, viewColumns } from '../../../../scripts/database-viewer.js';
import { listOutbox } from '../../../../scripts/delivery.js';

/** The database viewer (SEC-DB-01/02) and the Discord outbox. */
export function registerDatabaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { table: string } }>('/api/admin/database/:table', async (request): Promise<DatabaseResponse> => {
    // SEC-DB-01: exact allow-list first: anything else is 404 before any SQL runs
    const table = viewableTableSchema.safeParse(request.params.table);
    if (!table.success) throw notFound('There is no such table to view.');
    const { limit } = databaseQuerySchema.parse(request.query);
    request.log.info({ action: 'database.view', table: table.data, limit }, 'admin action');
    const records = await readTable(ctx.db.kysely, table.data, limit);
    return { table: table.data, columns: viewColumns(table.data), records, limit };
  });

  app.get('/api/admin/discord-outbox', async (): Promise<OutboxResponse> => ({
    messages: await listOutbox(ctx.db.kysely, 50),
  }));
}
