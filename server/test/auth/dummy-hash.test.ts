import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, DUMMY_HASH, argon2Hasher } from '#server/modules/auth/password-hasher';

// SEC-LOGIN-02: an unknown username is verified against DUMMY_HASH, which must cost what a stored hash costs.
describe('the dummy hash', () => {
  it('is argon2id with the parameters every stored hash gets', async () => {
    const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
    expect(DUMMY_HASH.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`)).toBe(true);
    expect(ARGON2_OPTIONS.algorithm).toBe(2);
    const stored = await argon2Hasher.hash('any-Password-123');
    expect(stored.split('$').slice(0, 4)).toEqual(DUMMY_HASH.split('$').slice(0, 4));
    expect(await argon2Hasher.verify(DUMMY_HASH, 'any-Password-123')).toBe(false);
  });
});
