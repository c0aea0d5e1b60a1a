import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { countAdmins, insertAdmin } from './admin-user.repository.js';
import type { PasswordHasher } from './password-hasher.js';
import { newPasswordProblem } from './password-policy.js';
import { rememberGeneratedPassword } from './setup-status.js';

/** A strong generated password: 128 bits, URL-safe, easy to copy from a log. */
export function generatePassword(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * First start (SEC-LOGIN-08): when no admin exists, create one from ADMIN_USERNAME and
 * ADMIN_PASSWORD; without a password generate one, print it once, and force a change. A
 * configured password that fails the policy also forces a change.
 */
export async function ensureAdmin(ctx: AppContext, hasher: PasswordHasher): Promise<void> {
  if ((await countAdmins(ctx.db.kysely)) > 0) return;
  const configured = ctx.config.ADMIN_PASSWORD;
  const password = configured ?? generatePassword();
  const mustChange = configured === undefined || newPasswordProblem(configured, ctx.config.ADMIN_USERNAME) !== null;
  const passwordHash = await hasher.hash(password);
  const inserted = await insertAdmin(ctx.db.kysely, {
    username: ctx.config.ADMIN_USERNAME,
    passwordHash,
    mustChangePassword: mustChange,
    now: ctx.clock.now(),
  });
  if (inserted === null) return;
  if (configured === undefined) {
    await rememberGeneratedPassword(ctx, passwordHash);
    ctx.log.warn(
      `Created the admin account "${ctx.config.ADMIN_USERNAME}" with the generated password: ${password} ` +
        '(shown only this once: log in at /admin and change it)',
    );
  } else {
    ctx.log.info(`Created the admin account "${ctx.config.ADMIN_USERNAME}" from ADMIN_PASSWORD.`);
  }
}
