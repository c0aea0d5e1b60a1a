import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { deleteStaleRateLimits } from './rate-limits.repository.js';
import { clearExpiredPendingChanges } from './admin-user.repository.js';
import { deleteExpiredCaptchas } from './captcha.repository.js';
import { deleteDeadResetTokens } from './reset-token.repository.js';
import { deleteExpiredLoginChallenges } from './totp.repository.js';
import { LONG_WINDOW_POLICIES, LONGEST_WINDOW_MS } from './throttle.js';

/** How often the auth tables are pruned. */
export const PRUNE_EVERY_MS = 10 * 60_000;

export interface PruneCounts {
  rateLimits: number;
  resetTokens: number;
  captchas: number;
  loginChallenges: number;
}

/**
 * Keeps the auth tables small (docs/security.md): rate-limit rows whose window ended and that
 * block nobody, reset links used or expired, expired captchas and login challenges, and
 * unconfirmed changes that ran out. Safe on every instance at once (plain deletes).
 */
export async function pruneAuthTables(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<PruneCounts> {
  const now = ctx.clock.now();
  const longKeys = LONG_WINDOW_POLICIES.map((p) => `${p.name}:`);
  let rateLimits = await deleteStaleRateLimits(ctx.db.kysely, new Date(now.getTime() - LONGEST_WINDOW_MS), now, {
    keep: longKeys,
  });
  for (const policy of LONG_WINDOW_POLICIES) {
    const before = new Date(now.getTime() - policy.windowMs);
    rateLimits += await deleteStaleRateLimits(ctx.db.kysely, before, now, { prefix: `${policy.name}:` });
  }
  const counts = {
    rateLimits,
    resetTokens: await deleteDeadResetTokens(ctx.db.kysely, now),
    captchas: await deleteExpiredCaptchas(ctx.db.kysely, now),
    loginChallenges: await deleteExpiredLoginChallenges(ctx.db.kysely, now),
  };
  await clearExpiredPendingChanges(ctx.db.kysely, now);
  return counts;
}

/** Prunes once the app is ready, then every PRUNE_EVERY_MS until it closes; failures are logged. */
export function schedulePruning(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    pruneAuthTables(ctx).catch((err: unknown) =>
      ctx.log.error(
        { event: 'auth.prune.failed', reason: err instanceof Error ? err.message : String(err) },
        'auth.prune.failed',
      ),
    );
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
