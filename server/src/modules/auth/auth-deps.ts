import type { AppContext } from '../../app-context.js';
import type { AdminUser, SessionResponse } from '#contracts/admin-auth';
import type { MailSender } from './auth-mails.js';
import { DUMMY_HASH, type PasswordHasher } from './password-hasher.js';
import { signSessionToken } from './session-token.js';
import { loadSigningKey } from './signing-key.js';
import { deviceCookieKey } from './device-cookie.js';
import { toAdminUser, type AdminUserRow } from './admin-user.repository.js';
import { totpSealingKey } from './secret-box.js';
import { sealStoredTotpSecrets } from './totp-secrets.js';

/** Where security alerts go: the alerts banner, and a mail when SMTP is set (modules/alerts). */
export interface SecurityAlerts {
  raise(alert: { kind: 'wrong-codes'; subject: string; message: string }): Promise<void>;
}

/** What the auth services share, built once per app. */
export interface AuthDeps {
  ctx: AppContext;
  hasher: PasswordHasher;
  mailer: MailSender;
  key: Uint8Array;
  /** the signing key the one-time rotation replaced at this start, else null (secrets sealed under it are resealed) */
  replacedKey: Uint8Array | null;
  /** SEC-LOGIN-02: a real argon2id hash to verify against when the username is unknown. */
  dummyHash: string;
  /** signs device cookies (docs/decisions/015-lockout-device-cookie.md) */
  deviceKey: Buffer;
  /** cookies carry Secure when PUBLIC_URL is https */
  secureCookies: boolean;
  /** seals the stored TOTP secrets (docs/decisions/053-totp-secret-at-rest.md) */
  totpKey: Buffer;
  alerts: SecurityAlerts;
}

export async function createAuthDeps(
  ctx: AppContext,
  io: { hasher: PasswordHasher; mailer: MailSender; alerts: SecurityAlerts },
): Promise<AuthDeps> {
  const { hasher } = io;
  const { key, replaced } = await loadSigningKey(ctx);
  const totpKey = totpSealingKey(key);
  await sealStoredTotpSecrets(ctx, totpKey, replaced ? totpSealingKey(replaced) : null);
  return {
    ctx,
    hasher,
    mailer: io.mailer,
    key,
    replacedKey: replaced,
    dummyHash: DUMMY_HASH,
    deviceKey: deviceCookieKey(key),
    secureCookies: ctx.config.PUBLIC_URL.startsWith('https:'),
    totpKey,
    alerts: io.alerts,
  };
}

/** Token plus user, both flat and nested (docs/product.md §3 login response, §7 refresh answer). */
export async function issueSession(deps: AuthDeps, row: AdminUserRow, authTimeSec: number): Promise<SessionResponse> {
  const now = deps.ctx.clock.now();
  const token = await signSessionToken(
    deps.key,
    { userId: row.id, tokenVersion: row.token_version, authTime: authTimeSec },
    now,
  );
  const user: AdminUser = toAdminUser(row, now);
  return { token, ...user, user };
}

/** Fire-and-forget mail: failures are logged without the message body (REL-JOB-12, SEC-LOG-01). */
export function sendInBackground(deps: AuthDeps, message: { to: string; subject: string; text: string }): void {
  deps.mailer.send(message).catch((err: unknown) => {
    deps.ctx.log.error(
      { event: 'mail.failed', subject: message.subject, reason: err instanceof Error ? err.message : String(err) },
      'mail could not be sent',
    );
  });
}
