// Discord roles (docs/decisions/160-discord-roles.md): the hourly reconcile of a family of five clans of fifty linked
// members against the Discord stand-in, first with everything to apply (a fresh server), then with nothing to change
// (the steady hourly pass), then with a tenth of the members drifted. Calls per pass, wall time, and the rate
// against Discord's 50 requests a second (the roles pace their calls 40 ms apart: server/src/modules/discord-roles/paced.ts).
import pino from 'pino';
import { DiscordBotClient } from '#server/clients/discord/bot-client';
import { systemClock } from '#server/lib/clock';
import { OperatorWarnings } from '#server/lib/operator-warnings';
import { saveRules } from '#server/modules/discord-roles/roles.repository';
import { DiscordRolesService } from '#server/modules/discord-roles/roles.service';
import { emptyRules } from '#server/modules/discord-roles/rules';
import type { AppContext } from '#server/app-context';
import { APPLICATION_ID, BOT_TOKEN, GUILD_ID, startDiscordStandIn } from '#test/helpers/discord-stand-in';
import { createTestDb } from '#test/helpers/test-db';

const CLANS = ['#AAA000', '#BBB000', '#CCC000', '#DDD000', '#EEE000'];
const RANKS = ['member', 'elder', 'coLeader', 'leader'] as const;
const now = new Date().toISOString();
const db = await createTestDb('sqlite');
const discord = await startDiscordStandIn();
const role = (i: number) => String(830000000000000000n + BigInt(i));
CLANS.forEach((_, i) => discord.guild.addRole(role(i), `clan ${i}`, 10 + i));
RANKS.forEach((_, i) => discord.guild.addRole(role(10 + i), `rank ${i}`, 20 + i));
discord.guild.addRole(role(20), 'verified', 30);
const users: string[] = [];
for (const [c, clan] of CLANS.entries()) {
  for (let m = 0; m < 50; m++) {
    const tag = `#P${c}${String(m).padStart(3, '0')}`;
    const user = String(600000000000000000n + BigInt(c * 100 + m));
    users.push(user);
    discord.guild.addMember(user, `u${c}-${m}`, ['840000000000000001']);
    const rank = m === 0 ? 'leader' : m < 3 ? 'coLeader' : m < 10 ? 'elder' : 'member';
    await db.kysely
      .insertInto('clan_members')
      .values({
        clan_tag: clan,
        tag,
        name: `Player ${c}-${m}`,
        role: rank,
        first_seen_at: now,
        last_seen_at: now,
        left_at: null,
        exp_level: null,
        trophies: null,
        donations: null,
        donations_received: null,
        last_seen_in_game: null,
        donations_last_week: null,
        family_first_seen_at: now,
      })
      .execute();
    await db.kysely
      .insertInto('discord_links')
      .values({ player_tag: tag, discord_user_id: user, created_at: now, status: 'verified', verified_at: now })
      .execute();
  }
}
await saveRules(
  db.kysely,
  {
    ...emptyRules(),
    enabled: true,
    verifiedRoleId: role(20),
    clanRoles: Object.fromEntries(CLANS.map((t, i) => [t, { roleId: role(i), alias: `C${i}` }])),
    rankRoles: { member: role(10), elder: role(11), coLeader: role(12), leader: role(13) },
    nicknameTemplate: '{name} | {clan}',
  },
  now,
);
const log = pino({ level: 'silent' });
const ctx = {
  db,
  clock: systemClock,
  log,
  warnings: new OperatorWarnings(log),
  clans: { active: () => CLANS.map((tag) => ({ tag, name: tag })) },
} as unknown as AppContext;
const rest = new DiscordBotClient({ baseUrl: discord.baseUrl, applicationId: APPLICATION_ID, token: BOT_TOKEN });
const roles = new DiscordRolesService({ ctx, rest, guildId: GUILD_ID });

async function pass(label: string): Promise<void> {
  const before = discord.requests.length;
  const t0 = performance.now();
  const result = await roles.reconcile();
  const ms = performance.now() - t0;
  const calls = discord.requests.length - before;
  const perSecond = calls / (ms / 1000);
  console.log(
    `${label.padEnd(34)} ${String(calls).padStart(5)} calls  ${ms.toFixed(0).padStart(6)} ms  ` +
      `${perSecond.toFixed(0).padStart(5)} calls/s  applied ${result?.applied ?? 0}`,
  );
}

console.log(`Reconcile of ${CLANS.length} clans × 50 linked members (${users.length}) against the stand-in:`);
await pass('first pass (everything to apply)');
await pass('steady pass (nothing to change)');
for (const user of users.filter((_, i) => i % 10 === 0)) discord.guild.members.get(user)!.roles.delete(role(20));
await pass('a tenth drifted (one role each)');
console.log("Discord's limit: 50 requests/s per bot and a bucket per route; the roles pace themselves to 25 a second.");
await discord.close();
await db.drop();
