import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_PASSWORD, bearer } from './auth.js';

/** The code an authenticator app shows for `secret` at `at` (RFC 6238, as the phone computes it). */
export const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

/** Enrols TOTP the way Account Settings does; answers the secret, the recovery codes and the new token. */
export async function enrolTotp(
  app: FastifyInstance,
  token: string,
  now: () => Date,
): Promise<{ secret: string; recoveryCodes: string[]; token: string; uri: string }> {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/admin/totp/setup',
    headers: bearer(token),
    payload: { password: ADMIN_PASSWORD },
  });
  if (setup.statusCode !== 200) throw new Error(`totp setup: ${setup.statusCode} ${setup.body}`);
  const { secret, otpauthUri } = setup.json() as { secret: string; otpauthUri: string };
  const enable = await app.inject({
    method: 'POST',
    url: '/api/admin/totp/enable',
    headers: bearer(token),
    payload: { code: codeAt(secret, now()) },
  });
  if (enable.statusCode !== 200) throw new Error(`totp enable: ${enable.statusCode} ${enable.body}`);
  const body = enable.json() as { recoveryCodes: string[]; token: string };
  return { secret, recoveryCodes: body.recoveryCodes, token: body.token, uri: otpauthUri };
}
