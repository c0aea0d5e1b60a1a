import { createHash, randomBytes } from 'node:crypto';
import type { SessionResponse, TotpChallengeResponse } from '../../../../contracts/admin-auth.js';
import { AppError } from '../../lib/app-error.js';
import { findAdminById, type AdminUserRow } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { completeLogin, throttled, type LoginOutcome } from './login.service.js';
import { useSecondFactor } from './second-factor.js';
import { clearHits, takeAttempt, THROTTLES } from './throttle.js';
import {
  countUnusedRecoveryCodes,
  deleteLoginChallenge,
  findLiveLoginChallenge,
  insertLoginChallenge,
} from './totp.repository.js';

/** Time to type the code after the password was accepted. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const hashChallenge = (token: string) => createHash('sha256').update(token).digest('hex');

const expired = () =>
  new AppError(401, 'LOGIN_EXPIRED', 'This sign-in took too long or was already used. Please log in again.');

/** After the right password: a single-use challenge for the code step (only its hash is stored). */
export async function startTotpChallenge(deps: AuthDeps, user: AdminUserRow): Promise<TotpChallengeResponse> {
  const now = deps.ctx.clock.now();
  const challenge = randomBytes(32).toString('base64url');
  await insertLoginChallenge(deps.ctx.db.kysely, {
    tokenHash: hashChallenge(challenge),
    userId: user.id,
    tokenVersion: user.token_version,
    now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { totpRequired: true, challenge, message: 'Enter the 6-digit code from your authenticator app.' };
}

/**
 * The code step (SEC-MFA-01): the challenge must be live and issued under the current
 * token_version; wrong codes fill the account's TOTP bucket (its own rate limit); the challenge
 * is used up by the login it completes.
 */
export async function completeTotpLogin(
  deps: AuthDeps,
  input: { challenge: string; code: string; ip: string },
): Promise<LoginOutcome & { body: SessionResponse }> {
  const { ctx } = deps;
  const now = ctx.clock.now();
  const log = (event: string, extra: Record<string, unknown> = {}) =>
    ctx.log.info({ event, ip: input.ip, at: now.toISOString(), ...extra }, event);
  const tokenHash = hashChallenge(input.challenge);
  const row = await findLiveLoginChallenge(ctx.db.kysely, tokenHash, now);
  const user = row ? await findAdminById(ctx.db.kysely, row.user_id) : undefined;
  if (!row || !user || user.token_version !== row.token_version || !user.totp_secret) throw expired();

  const subject = String(user.id);
  // Taken before the check, so parallel guesses cannot all pass (5 per 15 minutes).
  const wait = await takeAttempt(ctx.db, THROTTLES.totpAccount, subject, now);
  if (wait > 0) {
    log('admin.login.throttled', { bucket: 'totp' });
    throw throttled(wait);
  }
  const factor = await useSecondFactor(deps, user, input.code);
  if (!factor) {
    log('admin.login.totp_failed', { userId: user.id });
    throw new AppError(
      401,
      'TOTP_FAILED',
      'That code is not right, or was already used. Enter the newest code from your app, or a recovery code.',
    );
  }
  if (!(await deleteLoginChallenge(ctx.db.kysely, tokenHash))) throw expired();
  await clearHits(ctx.db, THROTTLES.totpAccount, subject);
  log('admin.login.succeeded', { userId: user.id, factor });
  const outcome = await completeLogin(deps, user);
  if (factor === 'recovery') {
    const left = await countUnusedRecoveryCodes(ctx.db.kysely, user.id);
    ctx.log.warn({ event: 'admin.login.recovery_code_used', userId: user.id, left }, 'admin.login.recovery_code_used');
  }
  return outcome;
}
