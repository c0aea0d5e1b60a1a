import type { AppContext } from '../../app-context.js';
import type { AdminUserRow } from './admin-user.repository.js';
import { open, resealed, seal, totpSecretContext } from './secret-box.js';
import { overwriteFreedPages } from './freed-pages.repository.js';
import { listStoredTotpSecrets, replaceStoredTotpSecrets } from './totp.repository.js';

/** The TOTP secret of a row in plain base32, or null when there is none or it cannot be opened. */
export function openTotpSecret(key: Buffer, user: AdminUserRow, which: 'active' | 'pending'): string | null {
  const stored = which === 'active' ? user.totp_secret : user.totp_pending_secret;
  return stored === null ? null : open(key, stored, totpSecretContext(user.id));
}

export const sealTotpSecret = (key: Buffer, userId: number, base32: string) =>
  seal(key, base32, totpSecretContext(userId));

/**
 * At start: secrets an earlier version stored in plain text are sealed, and after the one-time
 * key rotation the sealed ones are sealed again under the new key (docs/decisions/053-totp-secret-at-rest.md).
 * A value that opens under neither key is left as it is and reported: its codes cannot be
 * checked (recovery codes still work; the shell's --disable-totp turns it off). After a change the freed pages are
 * overwritten, so the plain text does not stay on disk.
 */
export async function sealStoredTotpSecrets(
  ctx: Pick<AppContext, 'db' | 'log'>,
  key: Buffer,
  replacedKey: Buffer | null,
): Promise<void> {
  let changed = false;
  for (const row of await listStoredTotpSecrets(ctx.db.kysely)) {
    // undefined: unreadable under either key
    const reseal = (value: string | null): string | null | undefined =>
      value === null ? null : (resealed(key, replacedKey, value, totpSecretContext(row.id)) ?? undefined);
    const secret = reseal(row.totp_secret);
    const pending = reseal(row.totp_pending_secret);
    if (secret === undefined || pending === undefined) {
      ctx.log.error(
        { event: 'admin.totp.secret_unreadable', userId: row.id },
        'The stored two-factor secret cannot be read with the current signing key: sign in with a ' +
          'recovery code and set two-factor sign-in up again, or run admin:reset-password -- --disable-totp',
      );
    }
    const next = {
      secret: secret === undefined ? row.totp_secret : secret,
      pending: pending === undefined ? row.totp_pending_secret : pending,
    };
    if (next.secret !== row.totp_secret || next.pending !== row.totp_pending_secret) {
      await replaceStoredTotpSecrets(ctx.db.kysely, row.id, next);
      changed = true;
    }
  }
  if (changed) await overwriteFreedPages(ctx.db.kysely);
}
