import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';

describe('loadConfig', () => {
  it('starts in demo mode on SQLite with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:5000',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      SCHEDULE_TIMEZONE: 'America/New_York',
      demoMode: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/],
    [{ CLAN_TAG: '#NOT-A-TAG!' }, /^Invalid configuration: CLAN_TAG is not a valid clan tag/],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be a hop count/],
    [{ SCHEDULE_TIMEZONE: 'Mars/Olympus' }, /^Invalid configuration: SCHEDULE_TIMEZONE must be an IANA time zone/],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL /],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('never echoes a secret value in the message', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-secret' })).toThrow(
      /^Invalid configuration: JWT_SECRET must be at least 32 characters \(256 bits\)$/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('normalises the clan tag and the public URL, and leaves demo mode with a token', () => {
    const config = loadConfig({
      CLAN_TAG: ' 2pq8loc ',
      PUBLIC_URL: 'https://clan.example.com/',
      CR_API_TOKEN: 'token',
    });
    expect(config.CLAN_TAG).toBe('#2PQ8L0C');
    expect(config.PUBLIC_URL).toBe('https://clan.example.com');
    expect(config.demoMode).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(5000);
  });
});
