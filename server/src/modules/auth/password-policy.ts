import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#contracts/admin-auth';

/**
 * The bundled common-password list (SEC-PW-03): well-known weak passwords and their usual variants
 * (suffix digits, capitalised, leetspeak, years, keyboard walks), one a line, in
 * `data/common-passwords.txt`. Read once, at first use. Beside this file in the sources; the build
 * copies it to dist/server/data/, which the bundles in dist/server/ and dist/server/cli/ both reach.
 */
const LIST_LOCATIONS = ['./data/common-passwords.txt', '../data/common-passwords.txt'];

let common: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  if (common) return common;
  const file = LIST_LOCATIONS.map((p) => fileURLToPath(new URL(p, import.meta.url))).find((f) => fs.existsSync(f));
  if (!file) throw new Error('The common-password list (data/common-passwords.txt) is missing from this install.');
  common = new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common;
}

/** True when the password (or its lowercase form) is on the bundled common list (SEC-PW-03). */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
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
