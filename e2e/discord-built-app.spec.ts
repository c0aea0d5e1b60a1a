import { test, expect } from '@playwright/test';
import { stripMarkup } from '#contracts/player-name';
import type { MembersResponse } from '#contracts/public';
import type { RaceProjectionResponse } from '#contracts/race-projection';
import { startBuiltServer, type BuiltServer } from '#tools/server-process';
import { APPLICATION_ID, GUILD_ID, startDiscordStandIn, type DiscordStandIn } from '#test/helpers/discord-stand-in';

/**
 * The built bundle (dist/server/server.js, demo mode) in the clan's Discord: interactions signed
 * by the stand-in with its own Ed25519 key arrive over HTTP as Discord sends them, and the bot's
 * REST calls go to the stand-in (docs/discord.md). The demo links one of its members to the user
 * 100000000000000001 (proven in the game).
 */
let discord: DiscordStandIn;
let server: BuiltServer;
const LINKED = { id: '100000000000000001' };
const STRANGER = { id: '500000000000000099' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  discord = await startDiscordStandIn();
  // one demo clan, as the other single-clan specs (a family's commands: server/test/discord/family-commands.test.ts)
  server = await startBuiltServer({
    tempPrefix: 'clanops-e2e-discord-',
    env: { NODE_ENV: 'production', ADMIN_PASSWORD: 'Lantern-Crown-Seven-42', DEMO_FAMILY: '0', ...discord.env() },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await discord?.close();
});

const send = (payload: unknown, options: { at?: Date; tamper?: (b: string) => string; signature?: boolean } = {}) =>
  discord.interact(server.url, payload, { at: options.at ?? new Date(), ...options });

test.describe('ClanOps in Discord, the built app', () => {
  test('registers its thirteen commands on the guild at start, in one bulk overwrite, and empties the global list', async () => {
    const put = await discord.waitFor((r) => r.method === 'PUT');
    expect(put.path).toBe(`/applications/${APPLICATION_ID}/guilds/${GUILD_ID}/commands`);
    const names = (put.body as { name: string }[]).map((c) => c.name).sort();
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
    // then the global list is emptied: no other server sees the commands
    const global = await discord.waitFor(
      (r) => r.method === 'PUT' && r.path === `/applications/${APPLICATION_ID}/commands`,
    );
    expect(global.body).toEqual([]);
  });

  test('a PING gets a PONG; a changed body, a stale timestamp or no signature get 401', async () => {
    expect(await send(discord.ping())).toEqual({ status: 200, body: { type: 1 } });
    const me = discord.command('me', LINKED);
    const tampered = await send(me, { tamper: (b) => b.replace('"me"', '"war"') });
    expect(tampered).toEqual({
      status: 401,
      body: { error: 'The request signature is not valid.', code: 'INVALID_SIGNATURE' },
    });
    const stale = await send(discord.ping(), { at: new Date(Date.now() - 6 * 60_000) });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('STALE_TIMESTAMP');
    expect((await send(discord.ping(), { signature: false })).status).toBe(401);
    // nothing was answered for the refused /me
    expect(discord.requests.filter((r) => r.path.includes(me.token))).toEqual([]);
  });

  test('another server that added the bot is refused, its administrator included', async () => {
    const stranger = { id: '700000000000000001', permissions: '8', guildId: '999999999999999999' };
    const away = await send(
      discord.command('away', stranger, [
        { name: 'from', type: 3, value: '2026-12-24' },
        { name: 'to', type: 3, value: '2026-12-26' },
        { name: 'member', type: 6, value: LINKED.id },
      ]),
    );
    expect(away.body).toMatchObject({
      type: 4,
      data: {
        flags: 64,
        content: 'ClanOps answers only in its own clan’s Discord server: nothing was read or changed here.',
      },
    });
  });

  test('a member who is not linked is told how to link; a leader command is refused to them, privately', async () => {
    const me = await send(discord.command('me', STRANGER));
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('run `/link`');
    const inactive = await send(discord.command('inactive', STRANGER));
    expect(inactive.body).toMatchObject({
      type: 4,
      data: {
        flags: 64,
        content: 'Only clan leaders can use `/inactive`: it needs the leader role or the Manage Server permission.',
      },
    });
  });

  test('/me answers a linked demo member with their decks and fame, by editing the deferred answer', async () => {
    const command = discord.command('me', LINKED);
    const first = await send(command);
    expect(first.status).toBe(200);
    const content =
      first.body.type === 5
        ? ((await discord.answerTo(command.token)).body as { content: string }).content
        : (first.body.data as { content: string }).content;
    // the first line names a member of the clan the public page lists, with their tag
    const [, escaped, tag] = /^\*\*(.+)\*\* \((#[0-9A-Z]+)\)$/.exec(content.split('\n')[0]!) ?? [];
    // names are escaped for Discord's markdown: Discord shows them without the backslashes
    const name = escaped?.replace(/\\(.)/g, '$1');
    const { members } = (await (await fetch(`${server.url}/api/clan/members`)).json()) as MembersResponse;
    // (the API keeps the game's colour markup; Discord shows the plain name)
    expect(stripMarkup(members.find((m) => m.playerTag === tag)?.name ?? '')).toBe(name);
    expect(content).toMatch(/^Fame this week: [\d,]+\.$/m);
    expect(content).toMatch(/^- Season \d+ · Week \d: [0-4] · [0-4] · [0-4] · [0-4]$/m);
    expect(content).toMatch(/Next war reset in about/);
  });
  test('/war adds the projection of every clan of the race on battle days, the clans the War card lists', async () => {
    const command = discord.command('war', LINKED);
    const first = await send(command);
    expect(first.status).toBe(200);
    const content =
      first.body.type === 5
        ? ((await discord.answerTo(command.token)).body as { content: string }).content
        : (first.body.data as { content: string }).content;
    const card = (await (await fetch(`${server.url}/api/clan/war/projection`)).json()) as RaceProjectionResponse;
    if (!card.projection) {
      expect(content).not.toContain('Projected');
      return;
    }
    expect(content).toMatch(/^\*\*Projected\*\* \(8 in 10 played-out weeks fall in these ranges/m);
    const lines = content.split('\n').filter((l) => /^[1-5](st|nd|rd|th) /.test(l));
    expect(lines).toHaveLength(card.projection.clans.length);
    for (const c of card.projection.clans) {
      expect(lines.some((l) => l.replace(/\\(.)/g, '$1').includes(stripMarkup(c.name)))).toBe(true);
    }
  });
});
