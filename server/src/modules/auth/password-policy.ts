import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../contracts/admin-auth.js';
import { COMMON_PASSWORDS_TEXT } from './data/common-passwords.js';

const COMMON = new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));

/** True when the password (or its lowercase form) is on the bundled common list (SEC-PW-03). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password) || COMMON.has(password.toLowerCase());
}

/**
 * SEC-PW-01/03/05: length 8–128, not common, not the username; no composition, expiry or
 * history rules. Returns the message to show, or null when the password is acceptable.
 */
export function newPasswordProblem(password: string, username?: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if ([...password].length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return 'This password is too common. Please choose a less predictable one.';
  if (username && password.toLowerCase() === username.toLowerCase()) return 'The password must not be the username.';
  return null;
}
