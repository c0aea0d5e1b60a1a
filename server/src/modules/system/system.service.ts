import type { SystemResponse } from '#contracts/admin-scripts';
import type { AppContext } from '../../app-context.js';
import { lastSnapshotAt } from '../war/war-state.repository.js';
import { storedRowCounts } from './system.repository.js';

export interface SystemServiceDeps {
  ctx: Pick<AppContext, 'config' | 'db' | 'warnings' | 'clans'>;
  /** where script messages go now */
  /** where the clan's messages go (its own webhook, the main clan's DISCORD_WEBHOOK_URL, or the outbox) */
  discord: (clanTag: string) => SystemResponse['discord'];
  /** what the Clash Royale side can tell (null fields = not checked) */
  clashRoyaleStatus: () => Promise<SystemResponse['clashRoyaleApi']>;
  /** the clan's last war snapshot failure, while no success followed it */
  snapshotError: (clanTag: string) => string | null;
  /** alerts not yet acknowledged */
  openAlerts: () => Promise<number>;
  /** the running version */
  version: string;
  /** the Discord application is set up (its commands can be registered again) */
  discordCommands: boolean;
}

/** The admin system card: mode, database, Discord, mail, Clash Royale reachability and war snapshots. */
export function createSystemService(deps: SystemServiceDeps) {
  const { config, db, warnings } = deps.ctx;
  return {
    /** The card for one clan of the family (the main clan by default): its Discord target and its last snapshot. */
    async status(clanTag = deps.ctx.clans.main.tag): Promise<SystemResponse> {
      return {
        version: deps.version,
        mode: config.demoMode ? 'demo' : 'live',
        clanTag: config.CLAN_TAG,
        timezone: config.SCHEDULE_TIMEZONE,
        database: db.engine,
        discord: deps.discord(clanTag),
        discordCommands: deps.discordCommands,
        mail: config.SMTP_URL ? 'smtp' : 'log',
        clashRoyaleApi: await deps.clashRoyaleStatus(),
        warSnapshots: {
          lastAt: (await lastSnapshotAt(db.kysely, clanTag))?.toISOString() ?? null,
          lastError: deps.snapshotError(clanTag),
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
