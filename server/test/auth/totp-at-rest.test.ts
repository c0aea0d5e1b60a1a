import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { engines } from '../helpers/test-db.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { SIGNING_KEY_FILE } from '../../src/modules/auth/signing-key.js';
import { ADMIN_ENV, ADMIN_PASSWORD, attemptLogin, bearer, capturingMailer, loginToken } from '../helpers/auth.js';
import { codeAt, enrolTotp } from '../helpers/totp.js';

/** docs/decisions/053-totp-secret-at-rest.md: the TOTP secret is stored sealed with a key kept outside the database. */
describe.each(engines)('the TOTP secret at rest (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock('2026-11-22T12:00:05.000Z');
    t = await buildTestApp({ engine, clock, env: ADMIN_ENV, deps: { auth: { mailer: capturingMailer() } } });
  });
  afterEach(() => t.close());

  const storedSecrets = async () =>
    t.db.kysely.selectFrom('admin_users').select(['totp_secret', 'totp_pending_secret']).executeTakeFirstOrThrow();
  /** Everything the database keeps on disk (SQLite: the file and its WAL), or every stored value (PostgreSQL). */
  const databaseText = async () => {
    if (t.db.file) {
      const files = [t.db.file, `${t.db.file}-wal`].filter((f) => fs.existsSync(f));
      return files.map((f) => fs.readFileSync(f).toString('latin1')).join('\n');
    }
    const rows = await t.db.kysely.selectFrom('admin_users').selectAll().execute();
    const settings = await t.db.kysely.selectFrom('app_settings').selectAll().execute();
    return JSON.stringify([rows, settings]);
  };
  const restart = async () => {
    await t.app.close();
    t.app = await buildApp({ config: t.config, db: t.db, clock, logger: false });
    await t.app.ready();
  };
  const signIn = async (code: string) => {
    const password = await attemptLogin(t.app);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      payload: { challenge: password.json().challenge, code },
    });
  };

  it('keeps the base32 text of the secret out of the database, pending or on', async () => {
    const token = await loginToken(t.app);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/setup',
      headers: bearer(token),
      payload: { password: ADMIN_PASSWORD },
    });
    const pending = setup.json().secret as string;
    expect(pending).toMatch(/^[A-Z2-7]{32}$/);
    expect(await databaseText()).not.toContain(pending);
    const { secret } = await enrolTotp(t.app, token, () => clock.now());
    expect(await databaseText()).not.toContain(secret);
    expect((await storedSecrets()).totp_secret).toMatch(/^v1\./);
    clock.advance(30_000);
    expect((await signIn(codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('seals a secret an earlier version stored in plain text at the next start; its codes keep working', async () => {
    const { secret } = await enrolTotp(t.app, await loginToken(t.app), () => clock.now());
    await t.db.kysely.updateTable('admin_users').set({ totp_secret: secret }).execute();
    await restart();
    expect((await storedSecrets()).totp_secret).toMatch(/^v1\./);
    clock.advance(30_000);
    expect((await signIn(codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('seals the secret again under the new key when the signing key is rotated once', async () => {
    const { secret } = await enrolTotp(t.app, await loginToken(t.app), () => clock.now());
    const before = (await storedSecrets()).totp_secret;
    const keyFile = path.join(t.config.DATA_DIR, SIGNING_KEY_FILE);
    const oldKey = fs.readFileSync(keyFile, 'utf8');
    await t.db.kysely.insertInto('app_settings').values({ key: 'signing_key_rotation_due', value: '1' }).execute();
    await restart();
    expect(fs.readFileSync(keyFile, 'utf8')).not.toBe(oldKey);
    expect((await storedSecrets()).totp_secret).not.toBe(before);
    clock.advance(30_000);
    expect((await signIn(codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('accepts recovery codes when the signing key was replaced and the secret cannot be read', async () => {
    const { secret, recoveryCodes } = await enrolTotp(t.app, await loginToken(t.app), () => clock.now());
    fs.rmSync(path.join(t.config.DATA_DIR, SIGNING_KEY_FILE));
    await restart();
    clock.advance(30_000);
    expect((await signIn(codeAt(secret, clock.now()))).json().code).toBe('TOTP_FAILED');
    expect((await signIn(recoveryCodes[0]!)).statusCode).toBe(200);
  });
});
