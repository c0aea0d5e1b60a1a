import type { AppContext } from '../app-context.js';
import { pruneAcknowledgedAlerts } from '../modules/alerts/alerts.repository.js';
import { pruneOutbox } from './outbox.repository.js';
import { pruneRuns, scriptClansWithRuns } from './runs.repository.js';
import type { SystemJob } from './types.js';

const DAY_MS = 86_400_000;
const EVERY_MS = 6 * 3_600_000;
/** The most runs the history shows per script (the history endpoint's largest `limit`). */
export const HISTORY_KEPT = 100;

export interface PruneCounts {
  runs: number;
  outbox: number;
  alerts: number;
}

/**
 * Keeps the history tables from growing forever (docs/architecture.md §8 "Growth"): runs older
 * than RETENTION_RUNS_DAYS beyond the newest the history shows, delivered Discord messages after
 * RETENTION_OUTBOX_DAYS, acknowledged alerts after RETENTION_ALERTS_DAYS. Plain deletes, safe on
 * every instance at once.
 */
export async function pruneHistory(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<PruneCounts> {
  const { db, clock, config } = ctx;
  const now = clock.now().getTime();
  const ago = (days: number) => new Date(now - days * DAY_MS);
  let runs = 0;
  for (const { scriptId, clanTag } of await scriptClansWithRuns(db.kysely)) {
    runs += await pruneRuns(db.kysely, scriptId, clanTag, ago(config.RETENTION_RUNS_DAYS), HISTORY_KEPT);
  }
  return {
    runs,
    outbox: await pruneOutbox(db.kysely, ago(config.RETENTION_OUTBOX_DAYS), ago(config.RETENTION_RUNS_DAYS)),
    alerts: await pruneAcknowledgedAlerts(db.kysely, ago(config.RETENTION_ALERTS_DAYS)),
  };
}

/** Pruning as a scheduler job: at start, then every six hours. */
export class RetentionJob implements SystemJob {
  readonly id = 'retention';
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>) {}
  nextAt(after: Date): Date {
    return new Date(after.getTime() + EVERY_MS);
  }
  async run(): Promise<void> {
    const pruned = await pruneHistory(this.ctx);
    if (pruned.runs + pruned.outbox + pruned.alerts > 0) this.ctx.log.info({ pruned }, 'old history rows pruned');
  }
}
