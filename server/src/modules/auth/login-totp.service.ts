import { createHash, randomBytes } from 'node:crypto';
import type { SessionResponse, TotpChallengeResponse } from '#contracts/admin-auth';
import { AppError } from '../../lib/app-error.js';
import { findAdminById, type AdminUserRow } from './admin-user.repository.js';
import type { AuthDeps } from './auth-deps.js';
import { completeLogin, type LoginOutcome } from './login-common.js';
import { useSecondFactor } from './second-factor.js';
import { afterWrongCode, takeCodeAttempt, clearCodeFailures } from './wrong-codes.js';
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
 * token_version; wrong codes fill the account's escalating TOTP bucket and, from the third in a
 * row, raise an alert (docs/decisions/052-totp-escalation.md); the challenge is used up by the
 * login it completes.
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

  await takeCodeAttempt(deps, user, { ip: input.ip, step: 'login' });
  const factor = await useSecondFactor(deps, user, input.code);
  if (!factor) {
    log('admin.login.totp_failed', { userId: user.id });
    await afterWrongCode(deps, user, { ip: input.ip, step: 'login' });
    throw new AppError(
      401,
      'TOTP_FAILED',
      'That code is not right, or was already used. Enter the newest code from your app, or a recovery code.',
    );
  }
  if (!(await deleteLoginChallenge(ctx.db.kysely, tokenHash))) throw expired();
  await clearCodeFailures(deps, user.id);
  log('admin.login.succeeded', { userId: user.id, factor });
  const outcome = await completeLogin(deps, user);
  if (factor === 'recovery') {
    const left = await countUnusedRecoveryCodes(ctx.db.kysely, user.id);
    ctx.log.warn({ event: 'admin.login.recovery_code_used', userId: user.id, left }, 'admin.login.recovery_code_used');
  }
  return outcome;
}
