import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SLASH_COMMANDS } from '../../src/modules/discord/commands.js';
import { ADMIN_ENV, bearer, loginToken } from '../helpers/auth.js';
import { loadConfig } from '../../src/config/env.js';
import { APPLICATION_ID, BOT_TOKEN, GUILD_ID, startDiscordStandIn } from '../helpers/discord-stand-in.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { engines } from '../helpers/test-db.js';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-19T15:00:00.000Z';
const MEMBER = { id: '500000000000000001' };

/** The interactions endpoint against the Discord stand-in over real HTTP (docs/discord.md). */
describe.each(engines)('Discord interactions endpoint (%s)', (engine) => {
  let k: DiscordKit | null = null;
  let bare: TestApp | null = null;
  afterEach(async () => {
    await k?.close();
    await bare?.close();
    k = bare = null;
  });

  it('answers a PING with a PONG, and refuses a changed body, a stale timestamp or no signature with 401', async () => {
    k = await discordKit(engine, START, { seed: 61 });
    expect(await k.send(k.discord.ping())).toEqual({ status: 200, body: { type: 1 } });

    const unlink = k.discord.command('unlink', MEMBER);
    const tampered = await k.send(unlink, { tamper: (b) => b.replace('"unlink"', '"me"') });
    expect(tampered).toEqual({
      status: 401,
      body: { error: 'The request signature is not valid.', code: 'INVALID_SIGNATURE' },
    });

    const fiveMinutesAgo = new Date(k.w.clock.now().getTime() - 5 * 60_000);
    const stale = await k.send(k.discord.ping(), { at: fiveMinutesAgo });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('STALE_TIMESTAMP');
    const future = await k.send(k.discord.ping(), { at: new Date(k.w.clock.now().getTime() + 5 * 60_000) });
    expect(future.status).toBe(401);
    const almost = await k.send(k.discord.ping(), { at: new Date(k.w.clock.now().getTime() - 4 * 60_000) });
    expect(almost.status).toBe(200);

    const unsigned = await k.send(k.discord.ping(), { signature: false });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });

  it('changes nothing for a refused request: a /reminders choice with a bad signature is not stored', async () => {
    k = await discordKit(engine, START, { seed: 62 });
    const choose = k.discord.command('reminders', MEMBER, [{ name: 'mode', type: 3, value: 'dm' }]);
    const refused = await k.send(choose, { tamper: (b) => b.replace('"dm"', '"off"') });
    expect(refused.status).toBe(401);
    const rows = await k.w.t.db.kysely.selectFrom('discord_members').selectAll().execute();
    expect(rows).toEqual([]);
    const accepted = await k.send(choose);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ type: 4, data: { flags: 64 } });
    const stored = await k.w.t.db.kysely.selectFrom('discord_members').selectAll().execute();
    expect(stored.map((r) => [r.discord_user_id, r.reminder_mode])).toEqual([[MEMBER.id, 'dm']]);
  });

  it('is 404 while the Discord application is not configured', async () => {
    bare = await buildTestApp({ engine });
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/discord/interactions',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":1}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('registers the commands on the guild, then empties the global list, the same at every start; leader commands hidden from members', async () => {
    k = await discordKit(engine, START, { seed: 63 });
    await k.w.t.app.services.discord.idle();
    const puts = () => k!.discord.requests.filter((r) => r.method === 'PUT');
    const [guild, global] = puts();
    expect(guild!.path).toBe(`/applications/${APPLICATION_ID}/guilds/${GUILD_ID}/commands`);
    expect(guild!.headers.authorization).toBe(`Bot ${BOT_TOKEN}`);
    const names = (guild!.body as { name: string }[]).map((c) => c.name).sort();
    expect(names).toEqual([
      'absences',
      'away',
      'history',
      'inactive',
      'link',
      'me',
      'nickname',
      'note',
      'remind',
      'reminders',
      'strike',
      'unlink',
      'war',
    ]);
    // an earlier start may have registered them globally, visible in every server that added the bot
    expect(global).toMatchObject({ path: `/applications/${APPLICATION_ID}/commands`, body: [] });
    // Discord shows leader commands only to members with Manage Server (1 << 5) unless the server allows a role
    const hidden = Object.fromEntries(
      (guild!.body as { name: string; default_member_permissions?: string }[]).map((c) => [
        c.name,
        c.default_member_permissions ?? null,
      ]),
    );
    expect(hidden).toEqual({
      link: null,
      unlink: null,
      me: null,
      war: null,
      reminders: null,
      nickname: null,
      away: null,
      absences: '32',
      inactive: '32',
      remind: '32',
      strike: '32',
      note: '32',
      history: '32',
    });
    await k.w.restart(k.w.clock.now());
    await k.w.t.app.services.discord.idle();
    expect(puts()).toHaveLength(4);
    expect(puts()[2]!.body).toEqual(guild!.body);
    expect(puts()[3]!.body).toEqual([]);
    expect(guild!.body).toEqual(JSON.parse(JSON.stringify(SLASH_COMMANDS)));
  });

  it('starts and answers health while Discord has not answered the registration yet', async () => {
    let release = () => undefined as void;
    k = await discordKit(engine, START, { seed: 66, before: (d) => (release = d.hold((r) => r.method === 'PUT')) });
    await k.discord.waitFor((r) => r.method === 'PUT');
    expect((await k.w.t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await k.send(k.discord.ping())).body).toEqual({ type: 1 });
    release();
    await k.w.t.app.services.discord.idle();
  });

  it('without a bot token it registers nothing and says so on the system card, yet answers interactions', async () => {
    k = await discordKit(engine, START, { seed: 67, discordEnv: { DISCORD_BOT_TOKEN: '' } });
    await k.w.t.app.services.discord.idle();
    expect(k.discord.requests).toEqual([]);
    const token = await loginToken(k.w.t.app);
    const system = (await k.w.t.app.inject({ url: '/api/admin/system', headers: bearer(token) })).json() as {
      warnings: string[];
    };
    expect(system.warnings).toContain(
      'DISCORD_BOT_TOKEN is not set: the Discord slash commands were not registered, so members cannot see them (docs/discord.md).',
    );
    expect((await k.send(k.discord.ping())).body).toEqual({ type: 1 });
  });

  it('refuses to start with the Discord commands on and no DISCORD_GUILD_ID, naming it', async () => {
    const discord = await startDiscordStandIn();
    try {
      const env = { ...discord.env({ DISCORD_GUILD_ID: '' }), DATA_DIR: '/nonexistent', NODE_ENV: 'test' };
      expect(() => loadConfig(env)).toThrow(
        'Invalid configuration: DISCORD_GUILD_ID is required when DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY ' +
          "turn the Discord commands on: set it to your clan's server id (Developer Mode, then Copy Server ID).",
      );
      // without the application the guild is not needed: the commands are off
      expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' })).not.toThrow();
    } finally {
      await discord.close();
    }
  });

  it('a registration Discord refuses is a warning on the system card; health never waits for it', async () => {
    k = await discordKit(engine, START, { seed: 65, discordEnv: { DISCORD_BOT_TOKEN: 'wrong-token' } });
    await k.discord.waitFor((r) => r.method === 'PUT');
    await k.w.t.app.services.discord.idle();
    const token = await loginToken(k.w.t.app);
    const system = (await k.w.t.app.inject({ url: '/api/admin/system', headers: bearer(token) })).json() as {
      warnings: string[];
    };
    const warning = system.warnings.find((w) => /slash commands could not be registered/.test(w));
    expect(warning).toMatch(/Discord refused to register the slash commands \(401/);
    expect(JSON.stringify(system)).not.toContain('wrong-token');
    expect((await k.w.t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('registers the commands again from the system card after Discord refused them at start, and clears the warning', async () => {
    k = await discordKit(engine, START, {
      seed: 68,
      before: (d) => d.fail((r) => r.method === 'PUT', 401),
    });
    await k.discord.waitFor((r) => r.method === 'PUT');
    await k.w.t.app.services.discord.idle();
    const auth = bearer(await loginToken(k.w.t.app));
    const card = async () =>
      (await k!.w.t.app.inject({ url: '/api/admin/system', headers: auth })).json() as {
        warnings: string[];
        discordCommands: boolean;
      };
    expect((await card()).discordCommands).toBe(true);
    expect((await card()).warnings.some((w) => /could not be registered/.test(w))).toBe(true);
    const again = await k.w.t.app.inject({ method: 'POST', url: '/api/admin/discord-commands', headers: auth });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ commands: SLASH_COMMANDS.length, scope: 'guild' });
    expect((await card()).warnings.some((w) => /could not be registered/.test(w))).toBe(false);
  });

  it('says why it cannot register the commands when the Discord application is not set up', async () => {
    bare = await buildTestApp({ engine, env: ADMIN_ENV });
    const auth = bearer(await loginToken(bare.app));
    const res = await bare.app.inject({ method: 'POST', url: '/api/admin/discord-commands', headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DISCORD_OFF' });
    const card = (await bare.app.inject({ url: '/api/admin/system', headers: auth })).json() as {
      discordCommands: boolean;
      version: string;
    };
    expect(card.discordCommands).toBe(false);
    expect(card.version).toBe((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version);
  });
});
