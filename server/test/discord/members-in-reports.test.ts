import { afterEach, describe, expect, it } from 'vitest';
import { bearer, loginToken } from '../helpers/auth.js';
import { LEADER_ROLE_ID, type StandInRequest } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { DAY, HOUR } from '../helpers/war-timeline.js';
import { discordKit, type DiscordKit } from './discord-kit.js';

const MEMBER = { id: '510000000000000001' };
const LEADER = { id: '610000000000000001', roles: [LEADER_ROLE_ID] };
const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/webhook-token';

/**
 * What members set in Discord reaches the scripts (docs/discord.md): an approved absence excuses the
 * member in the next inactive report; a member who chose direct messages gets the war reminder as
 * one, and is not pinged in the channel.
 */
describe.each(engines)(
  'members in the reports and reminders (%s)',
  (engine) => {
    let k: DiscordKit;
    afterEach(async () => k?.close());
    const opt = (name: string, value: string | number, type = 3) => ({ name, type, value });

    async function linkMember(tag: string) {
      const token = await loginToken(k.w.t.app);
      const res = await k.w.t.app.inject({
        method: 'PUT',
        url: `/api/admin/discord-links/${encodeURIComponent(tag)}`,
        headers: bearer(token),
        payload: { discordUserId: MEMBER.id },
      });
      expect(res.statusCode).toBe(200);
    }
    const say = async (payload: unknown) => {
      const res = await k.send(payload);
      expect(res.status).toBe(200);
      return res.body as { data?: { content?: string } };
    };
    /** A webhook post the stand-in received (the clan's channel), as text. */
    const channelPosts = () =>
      k.discord.requests
        .filter((r) => r.method === 'POST' && r.path.startsWith('/webhooks/123456789012345678/'))
        .map((r) => r.body as { content: string; allowed_mentions: { users?: string[] } });

    it('/away pending, approved by a leader: the next report lists the member as excused, not inactive', async () => {
      k = await discordKit(engine, '2027-02-09T00:00:00.000Z', {
        seed: 91,
        discordEnv: { DISCORD_WEBHOOK_URL: WEBHOOK },
      });
      // a member who never plays: the ledger says 0 decks on every battle day
      const [idle] = k.w.sim.state.inactiveTags() as [string];
      const day1 = k.w.sim.state.period(new Date('2027-02-11T15:00:00.000Z'));
      expect(day1.dayOfWeek).toBe(3);
      expect(k.w.sim.state.ledger.decksUsed(idle, day1.seasonId, day1.periodIndex)).toBe(0);
      await k.w.start();
      await linkMember(idle);
      await say(
        k.discord.command('away', MEMBER, [
          opt('from', '2027-02-11'),
          opt('to', '2027-02-11'),
          opt('reason', 'holiday'),
        ]),
      );
      const [asked] = await k.w.t.db.kysely.selectFrom('excused_absences').selectAll().execute();
      expect(asked).toMatchObject({ player_tag: idle, status: 'pending' });
      await say(k.discord.button(`absence-approve:${asked!.id}`, LEADER));
      await k.w.driveUntil(new Date(day1.end.getTime() + 3 * HOUR));

      const row = await k.w.t.db.kysely
        .selectFrom('war_day_decks')
        .selectAll()
        .where('player_tag', '=', idle)
        .where('season_id', '=', day1.seasonId)
        .where('section_index', '=', day1.sectionIndex)
        .where('day', '=', 1)
        .executeTakeFirstOrThrow();
      // stored as the counts say; the excuse is read whenever the day is shown (docs/war-tracking.md §5)
      expect(row).toMatchObject({ status: 'inactive', decks_used: 0 });
      const report = channelPosts().find((p) => p.content.includes('Battle day 1 · Feb 11, 2027'))!;
      expect(report.content).toMatch(
        /\*\*Excused\*\* \(1, not counted as inactive\)\n- .* \(#[0-9A-Z]+\): 0\/4, excused: holiday/,
      );
      expect(report.content).toContain(`(${idle}): 0/4, excused: holiday`);
      const zero = report.content.split('**Excused**')[0]!;
      expect(zero).not.toContain(idle);
      // the next day the absence no longer covers: judged again
      const day2 = k.w.sim.state.periodInfo(day1.seasonId, day1.periodIndex + 1);
      await k.w.driveUntil(new Date(day2.end.getTime() + 3 * HOUR));
      const next = await k.w.t.db.kysely
        .selectFrom('war_day_decks')
        .select('status')
        .where('player_tag', '=', idle)
        .where('season_id', '=', day2.seasonId)
        .where('day', '=', 2)
        .executeTakeFirstOrThrow();
      expect(next.status).toBe('inactive');
    });

    it('/reminders dm: the next war reminder reaches the member by direct message, and the channel does not ping them', async () => {
      k = await discordKit(engine, '2027-02-09T00:00:00.000Z', {
        seed: 92,
        discordEnv: { DISCORD_WEBHOOK_URL: WEBHOOK },
      });
      const [idle] = k.w.sim.state.inactiveTags() as [string];
      await k.w.start();
      await linkMember(idle);
      const chose = await say(k.discord.command('reminders', MEMBER, [opt('mode', 'dm')]));
      expect(chose.data?.content).toMatch(/direct message/i);
      // drive through battle day 1's reminders (hours before the predicted reset)
      await k.w.driveUntil(new Date(Date.parse('2027-02-11T12:00:00.000Z') + DAY));

      const reminders = k.w.runs.filter((r) => r.scriptId === 'war-reminders' && r.message.startsWith('Battle day'));
      expect(reminders.length).toBeGreaterThan(0);
      const opened = k.discord.requests.filter(
        (r: StandInRequest) =>
          r.method === 'POST' &&
          r.path === '/users/@me/channels' &&
          (r.body as { recipient_id: string }).recipient_id === MEMBER.id,
      );
      expect(opened.length).toBe(reminders.length);
      const direct = k.discord.requests.filter(
        (r) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path),
      );
      expect(direct).toHaveLength(reminders.length);
      for (const dm of direct) {
        const body = dm.body as { content: string; allowed_mentions: { parse: unknown[] } };
        expect(body.content).toMatch(
          /^\*\*War reminder · Battle day \d\*\*\n.+: 4 war deck\(s\) left today \(0\/4 used\)\./,
        );
        expect(body.allowed_mentions.parse).toEqual([]);
      }
      const channel = channelPosts().filter((p) => p.content.startsWith('**War reminder'));
      expect(channel).toHaveLength(reminders.length);
      for (const post of channel) {
        expect(post.content).not.toContain(`<@${MEMBER.id}>`);
        expect(post.allowed_mentions.users ?? []).not.toContain(MEMBER.id);
        expect(post.content).toContain('(reminded by direct message)');
      }
      const rows = await k.w.t.db.kysely
        .selectFrom('discord_outbox')
        .select(['destination', 'status', 'message_ids'])
        .where('destination', '=', `dm:${MEMBER.id}`)
        .execute();
      expect(rows.length).toBe(reminders.length);
      for (const r of rows) expect(r).toMatchObject({ status: 'sent' });
    });
  },
  240_000,
);
