import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase, type Db } from '../../src/db/database.js';
import type { FastifyInstance } from 'fastify';
import { migrateTo } from '../../src/db/migrate.js';
import { ManualClock } from '../../src/lib/clock.js';
import { insertAdmin } from '../../src/modules/auth/admin-user.repository.js';
import { createArgon2Hasher } from '../../src/modules/auth/password-hasher.js';
import { signSessionToken } from '../../src/modules/auth/session-token.js';
import { SIGNING_KEY_FILE } from '../../src/modules/auth/signing-key.js';
import { ADMIN_ENV, ADMIN_PASSWORD, bearer, loginToken } from '../helpers/auth.js';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

/** SEC-JWT-03 (docs/decisions/016-signing-key-file.md): private folder, private files, a key file of its own. */
describe('data folder, database file and signing key', () => {
  let root: string;
  let dataDir: string;
  let db: Db;
  let umask: number;
  beforeEach(() => {
    // The usual umask: without care, folders come out 0755 and files 0644.
    umask = process.umask(0o022);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-files-'));
    dataDir = path.join(root, 'nested', 'data');
  });
  afterEach(async () => {
    process.umask(umask);
    await db?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    db = openDatabase({ sqliteFile: path.join(dataDir, 'clanops.sqlite') });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...ADMIN_ENV, ...env });
    const app = await buildApp({ config, db, clock: new ManualClock('2026-11-22T12:00:00Z'), logger: false });
    await app.ready();
    return app;
  };

  it('creates DATA_DIR 0700, the database 0600 and the generated key in its own 0600 file', async () => {
    const app = await start();
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'clanops.sqlite'))).toBe(0o600);
      const keyFile = path.join(dataDir, SIGNING_KEY_FILE);
      expect(mode(keyFile)).toBe(0o600);
      expect(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64url')).toHaveLength(32);
      const settings = await db.kysely.selectFrom('app_settings').selectAll().execute();
      expect(settings.map((s) => s.key)).not.toContain('jwt_secret');
    } finally {
      await app.close();
    }
  });

  it('keeps sessions across a restart, and signs everyone out when the key file is deleted', async () => {
    let app = await start();
    const token = await loginToken(app);
    await app.close();
    await db.close();
    app = await start();
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(token) })).statusCode,
    ).toBe(200);
    await app.close();
    await db.close();
    fs.rmSync(path.join(dataDir, SIGNING_KEY_FILE));
    app = await start();
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(token) })).statusCode,
    ).toBe(401);
    await app.close();
  });

  /** The state an earlier version left: its schema, the admin, and a session it signed with `key`. */
  const earlierVersion = async (key: Buffer, keptIn: 'database' | 'file') => {
    fs.mkdirSync(dataDir, { recursive: true });
    db = openDatabase({ sqliteFile: path.join(dataDir, 'clanops.sqlite') });
    await migrateTo(db.kysely, '004-clan-operations');
    const now = new Date('2026-11-22T11:00:00Z');
    const hash = await createArgon2Hasher().hash(ADMIN_PASSWORD);
    const id = await insertAdmin(db.kysely, { username: 'chief', passwordHash: hash, mustChangePassword: false, now });
    if (keptIn === 'database') {
      await db.kysely
        .insertInto('app_settings')
        .values({ key: 'jwt_secret', value: key.toString('base64url') })
        .execute();
    } else {
      fs.writeFileSync(path.join(dataDir, SIGNING_KEY_FILE), `${key.toString('base64url')}\n`, { mode: 0o600 });
    }
    await db.close();
    return signSessionToken(key, { userId: id!, tokenVersion: 0, authTime: now.getTime() / 1000 }, now);
  };
  /** app_settings after the upgrade: the family's seeding mark and the version that migrated (no key, no rotation marker) */
  const settingKeys = async () =>
    (await db.kysely.selectFrom('app_settings').select('key').orderBy('key').execute()).map((r) => r.key);
  const refresh = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'POST', url: '/api/admin/refresh-token', headers: bearer(token) });

  it.each(['database', 'file'] as const)(
    'replaces the key an earlier version kept in the %s once: its sessions are refused, no copy is left',
    async (keptIn) => {
      const old = Buffer.alloc(32, 7);
      const oldSession = await earlierVersion(old, keptIn);
      let app = await start();
      expect((await refresh(app, oldSession)).statusCode).toBe(401);
      const fileKey = fs.readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8').trim();
      expect(Buffer.from(fileKey, 'base64url')).toHaveLength(32);
      expect(fileKey).not.toBe(old.toString('base64url'));
      expect(mode(path.join(dataDir, SIGNING_KEY_FILE))).toBe(0o600);
      expect(await settingKeys()).toEqual(['family.seeded_at', 'schema_migrated_by']);
      // Once: a session signed after the upgrade lives through the next restart.
      const token = await loginToken(app);
      await app.close();
      await db.close();
      app = await start();
      expect((await refresh(app, token)).statusCode).toBe(200);
      expect(fs.readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8').trim()).toBe(fileKey);
      await app.close();
    },
  );

  it('deletes the key an earlier version kept in the database when JWT_SECRET is set', async () => {
    const oldSession = await earlierVersion(Buffer.alloc(32, 9), 'database');
    const app = await start({ JWT_SECRET: 'x'.repeat(40) });
    try {
      expect((await refresh(app, oldSession)).statusCode).toBe(401);
      expect(await settingKeys()).toEqual(['family.seeded_at', 'schema_migrated_by']);
      expect(fs.existsSync(path.join(dataDir, SIGNING_KEY_FILE))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('uses JWT_SECRET when set, and writes no key file', async () => {
    const app = await start({ JWT_SECRET: 'x'.repeat(40) });
    try {
      expect(fs.existsSync(path.join(dataDir, SIGNING_KEY_FILE))).toBe(false);
      expect((await loginToken(app)).length).toBeGreaterThan(20);
    } finally {
      await app.close();
    }
  });
});
