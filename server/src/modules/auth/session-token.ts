import { randomUUID } from 'node:crypto';

/** SEC-JWT-04: issuer, audience and type pinned so no other token passes as a session. */
export const TOKEN_ISSUER = 'clanops';
export const TOKEN_AUDIENCE = 'clanops-admin';
export const TOKEN_TYPE = 'clanops-session+jwt';
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** SEC-JWT-05: absolute session lifetime from login, carried as `auth_time`. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionClaims {
  userId: number;
  tokenVersion: number;
  /** login time, seconds since the epoch */
  authTime: number;
}

/** Expiry: 24 h from now, never past the absolute cap from login. */
export function tokenExpiry(nowMs: number, authTimeSec: number): number {
  return Math.min(nowMs + TOKEN_TTL_MS, authTimeSec * 1000 + SESSION_MAX_MS);
}

/** jose, loaded on the first session signed or checked: an idle public server has none. */
let jose: Promise<typeof import('jose')> | undefined;
const loadJose = () => (jose ??= import('jose'));

export async function signSessionToken(key: Uint8Array, claims: SessionClaims, now: Date): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT({ ver: claims.tokenVersion, auth_time: claims.authTime })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setSubject(String(claims.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(tokenExpiry(now.getTime(), claims.authTime) / 1000))
    .sign(key);
}

/**
 * SEC-JWT-01/02/04: HS256 only (so `none` in any spelling fails), the key is ours and never read
 * from `jku`/`jwk`/`kid`, `exp` required and checked against the injected clock. Null on any failure.
 */
export async function verifySessionToken(key: Uint8Array, token: string, now: Date): Promise<SessionClaims | null> {
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      typ: TOKEN_TYPE,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    const userId = Number(payload.sub);
    const { ver, auth_time: authTime } = payload;
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(ver) || !Number.isSafeInteger(authTime)) return null;
    // SEC-JWT-05: past the absolute lifetime nothing is accepted, whatever `exp` says.
    if ((authTime as number) * 1000 + SESSION_MAX_MS <= now.getTime()) return null;
    return { userId, tokenVersion: ver as number, authTime: authTime as number };
  } catch {
    return null;
  }
}
