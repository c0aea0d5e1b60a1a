import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Discord signs `timestamp + raw body` with the application's Ed25519 key (docs/discord.md). */
export const MAX_SIGNATURE_AGE_MS = 5 * 60_000;

export type SignatureCheck = 'ok' | 'missing' | 'bad-signature' | 'stale';

/** The application's public key (64 hex characters) as a key object. */
export function interactionKey(publicKeyHex: string): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKeyHex, 'hex').toString('base64url') },
    format: 'jwk',
  });
}

/**
 * Checks an interaction request: an Ed25519 signature over the timestamp header and the exact
 * bytes received, and a timestamp less than five minutes from `now` either way (a replayed
 * request is refused). Nothing else of the request is trusted before this passes.
 */
export function checkInteractionSignature(
  key: KeyObject,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
  now: Date,
): SignatureCheck {
  if (!signatureHex || !timestamp) return 'missing';
  if (!/^[0-9a-f]{128}$/i.test(signatureHex) || !/^\d{1,12}$/.test(timestamp)) return 'bad-signature';
  const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]);
  if (!verify(null, signed, key, Buffer.from(signatureHex, 'hex'))) return 'bad-signature';
  return Math.abs(now.getTime() - Number(timestamp) * 1000) < MAX_SIGNATURE_AGE_MS ? 'ok' : 'stale';
}
