import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';

/**
 * OWASP's device-cookie pattern (docs/decisions/015-lockout-device-cookie.md,
 * docs/decisions/050-device-cookie-generation.md): a browser that completed a login, a password
 * reset or a change of the password or TOTP gets a `<userId>.<nonce>.<mac>` cookie. The MAC also
 * covers the account's device generation, which those changes bump, so a cookie kept from before
 * them is no longer known. It grants nothing by itself; it only tells the login throttle that this
 * client is known. HttpOnly, SameSite=Strict, Secure on https, sent to the login routes only.
 */
export const DEVICE_COOKIE = 'clanops_device';
export const DEVICE_COOKIE_PATH = '/api/admin/login';
const MAX_AGE_S = 180 * 24 * 60 * 60;

export interface KnownDevice {
  userId: number;
  /** the cookie's random part: the client key of the (account, client) bucket */
  id: string;
}

/** A cookie as sent, before its MAC is checked against the account's current generation. */
export interface DeviceCookieClaim extends KnownDevice {
  mac: string;
}

/** The account fields a device cookie is bound to. */
export interface DeviceOwner {
  id: number;
  device_generation: number;
}

/** A key of its own for device cookies, derived from the session signing key. */
export function deviceCookieKey(signingKey: Uint8Array): Buffer {
  return createHmac('sha256', signingKey).update('clanops device cookie v1').digest();
}

const mac = (key: Buffer, userId: number, nonce: string, generation: number) =>
  createHmac('sha256', key).update(`${userId}.${nonce}.${generation}`).digest('base64url');

export function newDeviceCookieValue(key: Buffer, owner: DeviceOwner): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${owner.id}.${nonce}.${mac(key, owner.id, nonce, owner.device_generation)}`;
}

/** The device cookie named by a Cookie header, unverified; null when absent or malformed. */
export function parseDeviceCookie(cookieHeader: string | undefined): DeviceCookieClaim | null {
  if (!cookieHeader || cookieHeader.length > 4096) return null;
  const value = parse(cookieHeader)[DEVICE_COOKIE];
  const m = value ? /^(\d{1,9})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
  return m ? { userId: Number(m[1]), id: m[2]!, mac: m[3]! } : null;
}

/** The known device, when the claim's MAC matches its account as the account is now. */
export function verifyDeviceCookie(key: Buffer, claim: DeviceCookieClaim, owner: DeviceOwner): KnownDevice | null {
  if (claim.userId !== owner.id) return null;
  const expected = Buffer.from(mac(key, owner.id, claim.id, owner.device_generation));
  const given = Buffer.from(claim.mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: claim.userId, id: claim.id };
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
