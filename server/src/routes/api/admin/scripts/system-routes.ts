import type { FastifyInstance } from 'fastify';
import type { SystemResponse } from '../../../../../../contracts/admin-scripts.js';
import type { AppContext } from '../../../../app-context.js';
import { lastSnapshotAt } from '../../../../modules/war/war-state.repository.js';

/** The admin system card: mode, database, Discord, mail, and Clash Royale reachability. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/system', async (): Promise<SystemResponse> => {
    const { config } = ctx;
    return {
      mode: config.demoMode ? 'demo' : 'live',
      clanTag: config.CLAN_TAG,
      timezone: config.SCHEDULE_TIMEZONE,
      database: ctx.db.engine,
      discord: ctx.scripts.discordTarget().sender ? 'webhook' : 'outbox',
      mail: config.SMTP_URL ? 'smtp' : 'log',
      clashRoyaleApi: ctx.clashRoyaleStatus ? await ctx.clashRoyaleStatus() : null,
      warSnapshots: {
        lastAt: (await lastSnapshotAt(ctx.db.kysely))?.toISOString() ?? null,
        lastError: ctx.scripts.snapshots?.lastError?.message ?? null,
      },
      warnings: ctx.warnings.list(),
    };
  });
}
