import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { countAdmins } from './admin-user.repository.js';
import type { PasswordHasher } from './password-hasher.js';
import { newPasswordProblem } from './password-policy.js';

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
  if ((await countAdmins(ctx.db)) > 0) return;
  const configured = ctx.config.ADMIN_PASSWORD;
  const password = configured ?? generatePassword();
  const mustChange = configured === undefined || newPasswordProblem(configured, ctx.config.ADMIN_USERNAME) !== null;
  const now = ctx.clock.now().toISOString();
  const inserted = await ctx.db.kysely
    .insertInto('admin_users')
    .values({
      username: ctx.config.ADMIN_USERNAME,
      password_hash: await hasher.hash(password),
      token_version: 0,
      must_change_password: mustChange ? 1 : 0,
      email: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  if (configured === undefined) {
    ctx.log.warn(
      `Created the admin account "${ctx.config.ADMIN_USERNAME}" with the generated password: ${password} ` +
        '(shown only this once: log in at /admin and change it)',
    );
  } else {
    ctx.log.info(`Created the admin account "${ctx.config.ADMIN_USERNAME}" from ADMIN_PASSWORD.`);
  }
}
