import type { AppContext } from '../../app-context.js';
import { bestFame, highestWarDay, highestWarWeek, monthlyChampionsAt } from './war-records.repository.js';

/**
 * War records and monthly champions (docs/architecture.md §5), read from the scripts' tables on
 * every request, for one clan. Empty tables give the null / [] answers, never an error.
 */
export function createWarRecordsService(ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>, clanTag?: string) {
  const db = ctx.db.kysely;
  // one clan of the family (the public family site), else the main clan
  const clan = () => clanTag ?? ctx.clans.main.tag;
  return {
    highestWarWeek: () => highestWarWeek(db, clan()),
    highestWarDay: () => highestWarDay(db, clan()),
    bestFame: () => bestFame(db, clan()),
    monthlyChampions: () => monthlyChampionsAt(db, clan(), ctx.clock.now()),
  };
}

export type WarRecordsService = ReturnType<typeof createWarRecordsService>;
