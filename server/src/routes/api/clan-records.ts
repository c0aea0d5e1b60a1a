import type { FastifyInstance } from 'fastify';
import {
  bestFameResponseSchema,
  highestWarDayResponseSchema,
  highestWarWeekResponseSchema,
  monthlyChampionsResponseSchema,
} from '../../../../contracts/public.js';
import type { AppContext } from '../../app-context.js';
import {
  bestFame,
  highestWarDay,
  highestWarWeek,
  monthlyChampionsAt,
} from '../../modules/war/war-records.repository.js';

/**
 * War records and monthly champions (docs/architecture.md §5), read from the scripts' tables. Empty tables
 * give the null / [] answers, never an error. Responses are checked against contracts/public.ts.
 */
export function registerRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  app.get('/api/clan/highest-war-week', async () => highestWarWeekResponseSchema.parse(await highestWarWeek(db)));
  app.get('/api/clan/highest-war-day', async () => highestWarDayResponseSchema.parse(await highestWarDay(db)));
  app.get('/api/clan/war/best-fame', async () => bestFameResponseSchema.parse(await bestFame(db)));
  app.get('/api/clan/monthly-champions', async () =>
    monthlyChampionsResponseSchema.parse(await monthlyChampionsAt(db, ctx.clock.now())),
  );
}
