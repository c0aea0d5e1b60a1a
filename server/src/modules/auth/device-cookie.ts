import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';

/**
 * OWASP's device-cookie pattern (docs/decisions/015-lockout-device-cookie.md): a browser that
 * completed a login or a password reset gets a signed `<userId>.<nonce>.<mac>` cookie. It grants
 * nothing by itself; it only tells the login throttle that this client is known, so a stranger's
 * failures never block it. HttpOnly, SameSite=Strict, Secure on https, sent to the login routes only.
 */
export const DEVICE_COOKIE = 'clanops_device';
export const DEVICE_COOKIE_PATH = '/api/admin/login';
const MAX_AGE_S = 180 * 24 * 60 * 60;

export interface KnownDevice {
  userId: number;
  /** the cookie's random part: the client key of the (account, client) bucket */
  id: string;
}

/** A key of its own for device cookies, derived from the session signing key. */
export function deviceCookieKey(signingKey: Uint8Array): Buffer {
  return createHmac('sha256', signingKey).update('clanops device cookie v1').digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function newDeviceCookieValue(key: Buffer, userId: number): string {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The known device named by a Cookie header, or null when absent, malformed or not ours. */
export function readDeviceCookie(key: Buffer, cookieHeader: string | undefined): KnownDevice | null {
  if (!cookieHeader || cookieHeader.length > 4096) return null;
  const value = parse(cookieHeader)[DEVICE_COOKIE];
  const m = value ? /^(\d{1,9})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
  if (!m) return null;
  const expected = Buffer.from(mac(key, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: Number(m[1]), id: m[2]! };
}

export function deviceSetCookieHeader(value: string, secure: boolean): string {
  return serialize(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: MAX_AGE_S,
  });
}
