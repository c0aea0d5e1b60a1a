import type { SystemResponse } from '#contracts/admin-scripts';
import type { AppContext } from '../../app-context.js';
import { lastSnapshotAt } from '../war/war-state.repository.js';
import { storedRowCounts } from './system.repository.js';

export interface SystemServiceDeps {
  ctx: Pick<AppContext, 'config' | 'db' | 'warnings' | 'clans'>;
  /** where script messages go now */
  discord: () => SystemResponse['discord'];
  /** what the Clash Royale side can tell (null fields = not checked) */
  clashRoyaleStatus: () => Promise<SystemResponse['clashRoyaleApi']>;
  /** the last war snapshot's failure, while no success followed it */
  snapshotError: () => string | null;
  /** alerts not yet acknowledged */
  openAlerts: () => Promise<number>;
}

/** The admin system card: mode, database, Discord, mail, Clash Royale reachability and war snapshots. */
export function createSystemService(deps: SystemServiceDeps) {
  const { config, db, warnings } = deps.ctx;
  return {
    async status(): Promise<SystemResponse> {
      return {
        mode: config.demoMode ? 'demo' : 'live',
        clanTag: config.CLAN_TAG,
        timezone: config.SCHEDULE_TIMEZONE,
        database: db.engine,
        discord: deps.discord(),
        mail: config.SMTP_URL ? 'smtp' : 'log',
        clashRoyaleApi: await deps.clashRoyaleStatus(),
        warSnapshots: {
          lastAt: (await lastSnapshotAt(db.kysely, deps.ctx.clans.main.tag))?.toISOString() ?? null,
          lastError: deps.snapshotError(),
        },
        openAlerts: await deps.openAlerts(),
        stored: {
          ...(await storedRowCounts(db.kysely)),
          retentionDays: {
            runs: config.RETENTION_RUNS_DAYS,
            discordMessages: config.RETENTION_OUTBOX_DAYS,
            alerts: config.RETENTION_ALERTS_DAYS,
          },
        },
        warnings: warnings.list(),
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
