import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (the TOTP secret) are stored sealed with AES-256-GCM under a
 * key derived from the session signing key, which lives outside the database (the key file or
 * JWT_SECRET): a copy of the database alone does not reveal them
 * (docs/decisions/053-totp-secret-at-rest.md). The record is bound to its row by the AAD.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

/** The sealing key for TOTP secrets, derived from the session signing key (HKDF-SHA256). */
export function totpSealingKey(signingKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), 'clanops totp secret v1', 32));
}

/** The sealing key for clans' Discord webhooks: the same signing key, its own HKDF label (decisions/104). */
export function webhookSealingKey(signingKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), 'clanops clan webhook v1', 32));
}

/** True for a sealed value; a plain base32 secret from an earlier version is not. */
export const isSealed = (value: string) => value.startsWith(`${VERSION}.`);

export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value was sealed under another key, for another row, or is damaged. */
export function open(key: Buffer, sealed: string, context: string): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || body === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A stored value brought under `key` at start, after the one-time rotation of the signing key: a plain value (from an
 * earlier version) is sealed, one already sealed under `key` is kept as it is, one sealed under `replacedKey` is sealed
 * again; null when it opens under neither.
 */
export function resealed(key: Buffer, replacedKey: Buffer | null, value: string, context: string): string | null {
  if (!isSealed(value)) return seal(key, value, context);
  if (open(key, value, context) !== null) return value;
  const plain = replacedKey ? open(replacedKey, value, context) : null;
  return plain === null ? null : seal(key, plain, context);
}

/** The AAD of an admin's TOTP secrets: a sealed value copied to another row does not open. */
export const totpSecretContext = (userId: number) => `admin_users.totp:${userId}`;

/** The AAD of a clan's webhook: the clan tag, so a sealed value copied to another clan's row does not open. */
export const clanWebhookContext = (clanTag: string) => `clans.webhook_url:${clanTag}`;
/** The context a clan's log channel webhook is sealed under (docs/leaders-memory.md). */
export const clanLogWebhookContext = (clanTag: string) => `clans.log_webhook_url:${clanTag}`;
