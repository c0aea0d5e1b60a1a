import type { AppContext } from '../../app-context.js';
import { bestFame, highestWarDay, highestWarWeek, monthlyChampionsAt } from './war-records.repository.js';

/**
 * War records and monthly champions (docs/architecture.md §5), read from the scripts' tables on
 * every request. Empty tables give the null / [] answers, never an error.
 */
export function createWarRecordsService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const db = ctx.db.kysely;
  return {
    highestWarWeek: () => highestWarWeek(db),
    highestWarDay: () => highestWarDay(db),
    bestFame: () => bestFame(db),
    monthlyChampions: () => monthlyChampionsAt(db, ctx.clock.now()),
  };
}

export type WarRecordsService = ReturnType<typeof createWarRecordsService>;
