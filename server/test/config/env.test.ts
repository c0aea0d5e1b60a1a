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
      CR_REQUESTS_PER_MINUTE: 300,
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
    [
      { CR_REQUESTS_PER_MINUTE: '9' },
      /^Invalid configuration: CR_REQUESTS_PER_MINUTE must be a whole number .* 10 and 6000/,
    ],
    [{ CR_REQUESTS_PER_MINUTE: '6001' }, /^Invalid configuration: CR_REQUESTS_PER_MINUTE must be a whole number/],
    [{ CR_REQUESTS_PER_MINUTE: '12.5' }, /^Invalid configuration: CR_REQUESTS_PER_MINUTE must be a whole number/],
    [{ CR_REQUESTS_PER_MINUTE: 'lots' }, /^Invalid configuration: CR_REQUESTS_PER_MINUTE must be a whole number/],
    [
      { FAMILY_CLAN_TAGS: '#YYRJ2L, feeder!' },
      /^Invalid configuration: FAMILY_CLAN_TAGS feeder! is not a valid clan tag/,
    ],
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

  it('reads FAMILY_CLAN_TAGS as normalised tags, each once, in the order given', () => {
    expect(loadConfig({}).FAMILY_CLAN_TAGS).toEqual([]);
    expect(loadConfig({ FAMILY_CLAN_TAGS: ' yyrj2l ,#QOQQQQ,, #YYRJ2L' }).FAMILY_CLAN_TAGS).toEqual([
      '#YYRJ2L',
      '#Q0QQQQ',
    ]);
  });

  it.each(['0.0.0.0/0', '::/0', '0::0/0', '10.0.0.1, 0.0.0.0/0', '::ffff:0.0.0.0/96', '128.0.0.0/1', '2000::/3'])(
    'refuses the catch-all TRUST_PROXY %s with a clear error',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY must not trust \(nearly\) every address: .* list only your proxy/,
      );
    },
  );

  it.each(['1', '2', '127.0.0.1', '10.0.0.0/8', '172.16.0.0/12, 192.168.1.10', 'fd00::/8', '::1'])(
    'accepts the TRUST_PROXY %s',
    (value) => {
      expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(value);
    },
  );

  it('reads CR_REQUESTS_PER_MINUTE as a whole number of requests', () => {
    expect(loadConfig({ CR_REQUESTS_PER_MINUTE: '10' }).CR_REQUESTS_PER_MINUTE).toBe(10);
    expect(loadConfig({ CR_REQUESTS_PER_MINUTE: '6000' }).CR_REQUESTS_PER_MINUTE).toBe(6000);
  });

  it('takes MAIL_LOG_LINKS as 1 or 0 only', () => {
    expect(loadConfig({}).MAIL_LOG_LINKS).toBe('0');
    expect(loadConfig({ MAIL_LOG_LINKS: '1' }).MAIL_LOG_LINKS).toBe('1');
    expect(() => loadConfig({ MAIL_LOG_LINKS: 'yes' })).toThrow(/^Invalid configuration: MAIL_LOG_LINKS must be 1/);
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
