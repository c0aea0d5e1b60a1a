import type { AuthDeps } from './auth-deps.js';
import { changePassword, logout, refreshSession } from './account.service.js';
import { findAdminById, type AdminUserRow } from './admin-user.repository.js';
import { ensureAdmin } from './bootstrap-admin.js';
import { confirmCurrentPassword } from './reauth.js';
import { createCaptcha } from './captcha.js';
import { clientIpKey } from './client-key.js';
import { deviceSetCookieHeader, parseDeviceCookie, type DeviceCookieClaim } from './device-cookie.js';
import { resolveKnownDevice } from './known-device.js';
import { throttled } from './login-common.js';
import { completeTotpLogin } from './login-totp.service.js';
import { login } from './login.service.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';
import { confirmEmailChange, requestEmailChange } from './recovery-email.service.js';
import { verifySessionToken, type SessionClaims } from './session-token.js';
import { setupStatus } from './setup-status.js';
import { takeAttempt, THROTTLES } from './throttle.js';
import { confirmTotpEnrolment, startTotpEnrolment, turnOffTotp } from './totp.service.js';

export type Authenticated = { user: AdminUserRow; claims: SessionClaims };

/** Everything the admin routes ask of the auth module, bound to its dependencies once. */
export function createAuthService(deps: AuthDeps) {
  const { ctx } = deps;
  return {
    /** First start (SEC-LOGIN-08): creates the admin when there is none. */
    ensureFirstAdmin: () => ensureAdmin(ctx, deps.hasher),
    /** Public: a fresh install whose generated password was never changed (no secret in it). */
    setupStatus: () => setupStatus(ctx),
    /**
     * A new captcha, limited per known device when the browser sent a current device cookie, else
     * per client address (docs/decisions/051-reauth-and-captcha-buckets.md).
     */
    async captcha(ip: string, device: DeviceCookieClaim | null = null) {
      const known = await resolveKnownDevice(deps, device);
      const [bucket, subject] = known ? [THROTTLES.captchaDevice, known.id] : [THROTTLES.captchaIp, clientIpKey(ip)];
      const wait = await takeAttempt(ctx.db, bucket, subject, ctx.clock.now());
      if (wait > 0) throw throttled(wait);
      return createCaptcha(ctx);
    },
    /** The session a bearer token stands for, or why not (SEC-JWT-01..06). */
    async authenticate(token: string): Promise<Authenticated | 'invalid' | 'revoked'> {
      const claims = await verifySessionToken(deps.key, token, ctx.clock.now());
      if (!claims) return 'invalid';
      const user = await findAdminById(ctx.db.kysely, claims.userId);
      if (!user || user.token_version !== claims.tokenVersion) return 'revoked';
      return { user, claims };
    },
    /** The browser's device cookie as sent; the login steps check it (docs/decisions/015-lockout-device-cookie.md). */
    deviceClaim: (cookieHeader: string | undefined) => parseDeviceCookie(cookieHeader),
    deviceCookieHeader: (value: string) => deviceSetCookieHeader(value, deps.secureCookies),
    login: (attempt: Parameters<typeof login>[1]) => login(deps, attempt),
    completeTotpLogin: (input: Parameters<typeof completeTotpLogin>[1]) => completeTotpLogin(deps, input),
    requestPasswordReset: (input: Parameters<typeof requestPasswordReset>[1]) => requestPasswordReset(deps, input),
    resetPassword: (input: Parameters<typeof resetPassword>[1]) => resetPassword(deps, input),
    confirmEmailChange: (input: Parameters<typeof confirmEmailChange>[1]) => confirmEmailChange(deps, input),
    refreshSession: (session: Authenticated) => refreshSession(deps, session.user, session.claims),
    changePassword: (user: AdminUserRow, input: Parameters<typeof changePassword>[2]) =>
      changePassword(deps, user, input),
    requestEmailChange: (user: AdminUserRow, input: Parameters<typeof requestEmailChange>[2]) =>
      requestEmailChange(deps, user, input),
    startTotpEnrolment: (user: AdminUserRow, input: Parameters<typeof startTotpEnrolment>[2]) =>
      startTotpEnrolment(deps, user, input),
    confirmTotpEnrolment: (user: AdminUserRow, input: Parameters<typeof confirmTotpEnrolment>[2]) =>
      confirmTotpEnrolment(deps, user, input),
    turnOffTotp: (user: AdminUserRow, input: Parameters<typeof turnOffTotp>[2]) => turnOffTotp(deps, user, input),
    logout: (user: AdminUserRow, ip: string) => logout(deps, user, ip),
    /** The current password again before another module's sensitive change (a wrong one counts in reauth-account). */
    confirmPassword: (user: AdminUserRow, password: string, context: { ip: string; action: string }) =>
      confirmCurrentPassword(deps, user, password, context),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
