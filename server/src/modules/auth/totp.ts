import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { TOTP } from 'otpauth';

/** otpauth, loaded on the first TOTP use (an admin's sign-in with a code, or setting one up). */
let otpauth: typeof import('otpauth') | undefined;
const lib = () => (otpauth ??= createRequire(import.meta.url)('otpauth') as typeof import('otpauth'));

/** RFC 6238 with the parameters every authenticator app reads: SHA-1, 6 digits, 30 s (SEC-MFA-01). */
const PERIOD_S = 30;
const DIGITS = 6;

export function newTotpSecret(): string {
  return new (lib().Secret)({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = 'admin', issuer = 'ClanOps'): TOTP {
  const { Secret, TOTP } = lib();
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app scans. */
export function otpauthUri(secretBase32: string, label: string, issuer: string): string {
  return totpOf(secretBase32, label, issuer).toString();
}

/**
 * The 30-second step a 6-digit code belongs to (the current one, or one step either side for a
 * phone clock a little off), or null when the code is wrong.
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code: 24 characters of a 32-letter alphabet = 120 bits, so a plain SHA-256 may
 * store it (ASVS 6.5.2: 112 bits or more). Shown in groups of four.
 */
export function newRecoveryCode(): string {
  const bytes = randomBytes(24);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b & 31]);
  return Array.from({ length: 6 }, (_, i) => chars.slice(i * 4, i * 4 + 4).join('')).join('-');
}

/** A typed recovery code in a canonical form (case, spaces and dashes do not matter), or null. */
export function normaliseRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{24}$/.test(plain) ? plain : null;
}

export const hashRecoveryCode = (normalised: string) => createHash('sha256').update(normalised).digest('hex');
