import { afterEach, describe, expect, it } from 'vitest';
import { DiscordApiError, DiscordBotClient, sendDirectMessage } from '../../src/clients/discord/bot-client.js';
import { ManualClock } from '../../src/lib/clock.js';
import { APPLICATION_ID, BOT_TOKEN, startDiscordStandIn, type DiscordStandIn } from '../helpers/discord-stand-in.js';

const USER = '500000000000000001';

/** The bot's REST client against the Discord stand-in (docs/discord.md, docs/architecture.md §8). */
describe('Discord bot client', () => {
  let discord: DiscordStandIn | null = null;
  afterEach(async () => {
    await discord?.close();
    discord = null;
  });

  async function client(options: { token?: string | null; deadlineMs?: number } = {}) {
    discord = await startDiscordStandIn();
    const clock = new ManualClock('2026-11-20T12:00:00.000Z');
    const bot = new DiscordBotClient({
      baseUrl: discord.baseUrl,
      applicationId: APPLICATION_ID,
      token: options.token === undefined ? BOT_TOKEN : options.token,
      clock,
      deadlineMs: options.deadlineMs,
    });
    return { bot, clock, discord };
  }

  it('sends a direct message: opens the DM channel, posts without pings, returns the message id', async () => {
    const { bot, discord } = await client();
    const id = await sendDirectMessage(bot, USER, { content: 'You have 2 war decks left today.' });
    const [open, post] = discord.requests;
    expect(open).toMatchObject({ method: 'POST', path: '/users/@me/channels', body: { recipient_id: USER } });
    expect(open!.headers.authorization).toBe(`Bot ${BOT_TOKEN}`);
    expect(post).toMatchObject({
      method: 'POST',
      path: `/channels/7${USER.slice(1)}/messages`,
      body: { content: 'You have 2 war decks left today.', allowed_mentions: { parse: [] } },
    });
    expect(id).toMatch(/^\d{18}$/);
  });

  it('edits a deferred answer and sends a follow-up with the interaction token, without the bot token', async () => {
    const { bot, discord } = await client();
    await bot.editOriginal('tok-1', { content: 'Verified.' });
    await bot.followUp('tok-1', { content: 'One more thing.', flags: 64 });
    const [edit, follow] = discord.requests;
    expect(edit).toMatchObject({
      method: 'PATCH',
      path: `/webhooks/${APPLICATION_ID}/tok-1/messages/@original`,
      body: { content: 'Verified.' },
    });
    expect(follow).toMatchObject({
      method: 'POST',
      path: `/webhooks/${APPLICATION_ID}/tok-1?wait=true`,
      body: { content: 'One more thing.', flags: 64 },
    });
    expect(edit!.headers.authorization).toBeUndefined();
    expect(follow!.headers.authorization).toBeUndefined();
  });

  it('waits retry_after on 429 (capped at 5 s) and retries; backs off on 5xx', async () => {
    const { bot, clock, discord } = await client();
    discord.fail((r) => r.path === '/users/@me/channels', 429, { body: { retry_after: 1.5, global: false } });
    const start = clock.now().getTime();
    await bot.createDmChannel(USER);
    expect(clock.now().getTime() - start).toBe(1500);
    discord.fail((r) => r.path === '/users/@me/channels', 429, { body: { retry_after: 3600 } });
    await bot.createDmChannel(USER);
    expect(clock.now().getTime() - start).toBe(1500 + 5000);
    discord.fail((r) => r.path === '/users/@me/channels', 502, { times: 2 });
    await bot.createDmChannel(USER);
    expect(clock.now().getTime() - start).toBe(6500 + 500 + 1000);
    expect(discord.requests.filter((r) => r.path === '/users/@me/channels')).toHaveLength(2 + 2 + 3);
  });

  it('does not retry 401, 403 or 404, and never names the bot token or an interaction token', async () => {
    const { bot, discord } = await client({ token: 'a-wrong-token' });
    const refused = await bot.createDmChannel(USER).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscordApiError);
    expect(refused).toMatchObject({ kind: 'refused', status: 401 });
    expect(String((refused as Error).message)).not.toContain('a-wrong-token');
    discord.fail((r) => r.method === 'PATCH', 404, { body: { message: 'Unknown Webhook', code: 10015 } });
    const gone = await bot.editOriginal('secret-interaction-token', { content: 'x' }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ kind: 'refused', status: 404, code: 10015 });
    expect((gone as Error).message).toBe(
      'Discord refused to edit the interaction answer (404: Unknown Webhook [10015]).',
    );
    expect(discord.requests).toHaveLength(2);
    discord.fail((r) => r.path.endsWith('/messages'), 403, {
      body: { message: 'Cannot send messages to this user', code: 50007 },
    });
    const good = new DiscordBotClient({ baseUrl: discord.baseUrl, applicationId: APPLICATION_ID, token: BOT_TOKEN });
    const closed = await sendDirectMessage(good, USER, { content: 'x' }).catch((e: unknown) => e);
    expect(closed).toMatchObject({ kind: 'refused', status: 403, code: 50007 });
    expect(discord.requests).toHaveLength(4);
  });

  it('fails at its deadline when Discord does not answer, and without a bot token before any request', async () => {
    const { bot, discord } = await client({ deadlineMs: 300 });
    const release = discord.hold((r) => r.path === '/users/@me/channels');
    const slow = await bot.createDmChannel(USER).catch((e: unknown) => e);
    release();
    expect(slow).toMatchObject({ kind: 'timeout' });
    const none = new DiscordBotClient({ baseUrl: discord.baseUrl, applicationId: APPLICATION_ID, token: null });
    const before = discord.requests.length;
    await expect(none.createDmChannel(USER)).rejects.toMatchObject({ kind: 'no-token' });
    expect(discord.requests).toHaveLength(before);
  });
});
