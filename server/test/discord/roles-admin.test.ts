import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginToken } from '../helpers/auth.js';
import { engines } from '../helpers/test-db.js';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-12T00:00:00.000Z';
const VERIFIED = '820000000000000001';
const MAIN_ROLE = '820000000000000002';
const MEMBER_ROLE = '820000000000000004';
const ALICE = '500000000000000201';
const STRANGER = '500000000000000202';

/** The admin API of the Discord roles (docs/decisions/160-discord-roles.md): rules, dry-run preview, audit. */
describe.each(engines)('Discord roles admin API (%s)', (engine) => {
  let k: DiscordKit;
  let headers: Record<string, string>;
  let tag: string;
  let main: string;
  const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, h = headers) =>
    k.w.t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
  const rules = () => ({
    enabled: false,
    verifiedRoleId: VERIFIED,
    guestRoleId: '',
    clanRoles: { [main]: { roleId: MAIN_ROLE, alias: 'Main' } },
    rankRoles: { member: MEMBER_ROLE, elder: null, coLeader: null, leader: null },
    nicknameTemplate: '{name} [{clan}]',
    removalDelayHours: 48,
  });

  beforeAll(async () => {
    k = await discordKit(engine, START, { seed: 83 });
    main = k.w.t.app.ctx.clans.main.tag;
    await k.w.start();
    const m = k.w.sim.state.membersAt(new Date(START)).find((p) => p.role === 'member')!;
    tag = m.tag;
    for (const [id, name] of [
      [VERIFIED, 'Verified'],
      [MAIN_ROLE, 'Main'],
      [MEMBER_ROLE, 'Member'],
    ] as const)
      k.discord.guild.addRole(id, name, 10);
    k.discord.guild.addMember(ALICE, 'alice', ['777000000000000001']);
    headers = bearer(await loginToken(k.w.t.app));
    const linked = await call('PUT', `/api/admin/discord-links/${encodeURIComponent(tag)}`, { discordUserId: ALICE });
    expect(linked.statusCode, linked.body).toBe(200);
    // a linked user who is not in the Discord server
    const other = k.w.sim.state.membersAt(new Date(START)).find((p) => p.tag !== tag)!.tag;
    expect(
      (await call('PUT', `/api/admin/discord-links/${encodeURIComponent(other)}`, { discordUserId: STRANGER }))
        .statusCode,
    ).toBe(200);
  }, 300_000);
  afterAll(() => k.close());

  it('answers only a signed-in admin', async () => {
    for (const url of [
      '/api/admin/discord-roles',
      '/api/admin/discord-roles/preview',
      '/api/admin/discord-roles/changes',
    ]) {
      const res = await call('GET', url, undefined, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect((await call('PUT', '/api/admin/discord-roles', rules(), {})).statusCode).toBe(401);
  });

  it('starts empty and off, and refuses a bad role id or a clan outside the family with 400 {error, code}', async () => {
    const first = await call('GET', '/api/admin/discord-roles');
    expect(first.json()).toMatchObject({ rules: { enabled: false, verifiedRoleId: null }, active: true, queued: 0 });
    // the server's role names by id, for the console to show beside the ids
    expect(first.json()).toMatchObject({
      roleNames: { [VERIFIED]: 'Verified', [MAIN_ROLE]: 'Main', [MEMBER_ROLE]: 'Member' },
    });
    const bad = await call('PUT', '/api/admin/discord-roles', { ...rules(), verifiedRoleId: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.stringContaining('role id') as unknown });
    const stranger = await call('PUT', '/api/admin/discord-roles', {
      ...rules(),
      clanRoles: { '#ABCDEF': { roleId: null, alias: 'x' } },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ error: '#ABCDEF is not a clan of this family.', code: 'NOT_A_FAMILY_CLAN' });
  });

  it('saves the rules; the preview says what would change for whom and applies nothing', async () => {
    const saved = await call('PUT', '/api/admin/discord-roles', rules());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ rules: { ...rules(), guestRoleId: null }, queued: 0 });
    const before = k.discord.requests.length;
    const preview = await call('GET', '/api/admin/discord-roles/preview');
    expect(preview.statusCode).toBe(200);
    const name = k.w.sim.state.membersAt(new Date(START)).find((p) => p.tag === tag)!.name;
    expect(preview.json()).toEqual({
      notInServer: 1,
      members: [
        {
          discordUserId: ALICE,
          who: `alice ${ALICE}`,
          changes: [
            { kind: 'add-role', roleId: VERIFIED, nick: null, reason: `confirmed link to ${tag}` },
            { kind: 'add-role', roleId: MAIN_ROLE, nick: null, reason: 'member of Main' },
            { kind: 'add-role', roleId: MEMBER_ROLE, nick: null, reason: 'member in the game' },
            { kind: 'set-nick', roleId: null, nick: `${name} [Main]`.slice(0, 32), reason: 'nickname template' },
          ],
        },
      ],
    });
    // reads only
    expect(k.discord.requests.slice(before).every((r) => r.method === 'GET')).toBe(true);
    expect(k.discord.guild.rolesOf(ALICE)).toEqual(['777000000000000001']);
    expect((await call('GET', '/api/admin/discord-roles/changes')).json()).toEqual({ changes: [] });
  });

  it('turned on, every linked member is synced at once (one drain at a time), and the audit lists each change with its reason', async () => {
    const on = await call('PUT', '/api/admin/discord-roles', { ...rules(), enabled: true });
    expect(on.statusCode).toBe(200);
    // saving with the rules on starts a sync in the background; a drain after it waits for it (one at a time)
    expect(await k.w.t.app.services.discordRoles.drain()).toEqual({ synced: 0, applied: 0, refused: 0, outage: false });
    expect(k.discord.guild.rolesOf(ALICE)).toEqual(['777000000000000001', VERIFIED, MAIN_ROLE, MEMBER_ROLE].sort());
    const audit = (await call('GET', '/api/admin/discord-roles/changes')).json() as {
      changes: { kind: string; reason: string; outcome: string }[];
    };
    expect(audit.changes.map((c) => [c.kind, c.reason, c.outcome])).toEqual([
      ['set-nick', 'nickname template', 'applied'],
      ['add-role', 'member in the game', 'applied'],
      ['add-role', 'member of Main', 'applied'],
      ['add-role', `confirmed link to ${tag}`, 'applied'],
    ]);
    expect((await call('GET', '/api/admin/discord-roles')).json()).toMatchObject({ queued: 0 });
  });

  it('a preview while Discord is down is 502 {error, code}', async () => {
    const up = k.discord.down((r) => r.path.startsWith('/guilds/'));
    const res = await call('GET', '/api/admin/discord-roles/preview');
    up();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Discord did not answer: try again later.', code: 'DISCORD_UNAVAILABLE' });
  }, 120_000);
});

describe.each(engines)('Discord roles admin API without the bot token (%s)', (engine) => {
  let k: DiscordKit;
  beforeAll(async () => {
    k = await discordKit(engine, START, { seed: 83, discordEnv: { DISCORD_BOT_TOKEN: '' } });
  }, 300_000);
  afterAll(() => k.close());

  it('says the rules cannot apply, and the preview is 409 {error, code} naming what to set', async () => {
    const headers = bearer(await loginToken(k.w.t.app));
    const state = await k.w.t.app.inject({ url: '/api/admin/discord-roles', headers });
    expect(state.json()).toMatchObject({ active: false, roleNames: {} });
    const res = await k.w.t.app.inject({ url: '/api/admin/discord-roles/preview', headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Set DISCORD_BOT_TOKEN and DISCORD_GUILD_ID (docs/discord.md) before ClanOps can read or change roles.',
      code: 'DISCORD_NOT_CONFIGURED',
    });
    expect(k.discord.requests.filter((r) => r.path.startsWith('/guilds/'))).toEqual([]);
  });
});
