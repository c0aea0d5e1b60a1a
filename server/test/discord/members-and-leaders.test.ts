import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictReset } from '#server/modules/reminders/reminders.service';
import { bearer, loginToken } from '../helpers/auth.js';
import { contentOf, LEADER_ROLE_ID } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { discordKit, type DiscordKit } from './discord-kit.js';
import { simulatedWeekEnd } from '../helpers/race-truth.js';

const ALICE = { id: '500000000000000001' };
const BOB = { id: '500000000000000002' };
const LEADER = { id: '600000000000000001', roles: [LEADER_ROLE_ID] };
/** Manage Server (1 << 5) without the leader role */
const MANAGER = { id: '600000000000000002', permissions: '32' };

interface Row {
  participants: string;
  taken_at: string;
  period_index: number;
  season_id: number | null;
}

/**
 * /me, /war and the leader commands on a week of real history: the app's scheduler ran the
 * snapshots and reports on the simulator from Thursday to the next Friday afternoon.
 */
describe.each(engines)('Discord member and leader commands (%s)', (engine) => {
  let k: DiscordKit;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    k = await discordKit(engine, '2026-11-12T00:00:00.000Z', { seed: 81 });
    await k.w.start();
    await k.w.driveUntil('2026-11-20T15:00:00.000Z');
    const token = await loginToken(k.w.t.app);
    [alice, bob] = k.w.sim.state.ledger.membersAt(k.w.clock.now()).slice(0, 2) as [string, string];
    for (const [tag, user] of [
      [alice, ALICE.id],
      [bob, BOB.id],
    ] as const) {
      const res = await k.w.t.app.inject({
        method: 'PUT',
        url: `/api/admin/discord-links/${encodeURIComponent(tag)}`,
        headers: bearer(token),
        payload: { discordUserId: user },
      });
      expect(res.statusCode).toBe(200);
    }
  }, 240_000);
  afterAll(() => k.close());

  const say = async (payload: unknown) => {
    const res = await k.send(payload);
    expect(res.status).toBe(200);
    return res.body as { type: number; data?: { content?: string; flags?: number; components?: unknown[] } };
  };
  const opt = (name: string, value: string | number, type = 3) => ({ name, type, value });

  it('/me gives exactly the decks left in the newest stored snapshot, the fame, the reset and four weeks', async () => {
    const newest = (await k.w.t.db.kysely
      .selectFrom('war_state_cache')
      .select(['participants', 'taken_at', 'period_index', 'season_id'])
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()) as Row;
    const entry = (JSON.parse(newest.participants) as { tag: string; decksUsedToday: number; fame: number }[]).find(
      (p) => p.tag === alice,
    );
    const used = entry?.decksUsedToday ?? 0;
    // the snapshot is the simulator's truth at the moment it was taken
    expect(used).toBe(
      k.w.sim.state.ledger.decksUsed(alice, newest.season_id!, newest.period_index, new Date(newest.taken_at)),
    );
    const answer = await say(k.discord.command('me', ALICE));
    expect(answer.type).toBe(4);
    expect(answer.data?.flags).toBe(64);
    const text = answer.data!.content!;
    expect(text).toContain(`Decks left today: **${4 - used} of 4** (${used} used`);
    expect(text).toContain(`Fame this week: ${entry?.fame ?? 0}.`);
    expect(text).toMatch(/Next war reset in about \d+ h( \d+ min)? \(± \d+ min\)\./);
    const days = await k.w.t.db.kysely
      .selectFrom('war_day_decks')
      .select(['season_id', 'section_index', 'day', 'decks_used'])
      .where('player_tag', '=', alice)
      .orderBy('day')
      .execute();
    const lastWeek = days.filter((d) => d.section_index === Math.min(...days.map((x) => x.section_index)));
    expect(lastWeek.map((d) => d.day)).toEqual([1, 2, 3, 4]);
    expect(text).toContain(
      `Season ${lastWeek[0]!.season_id} · Week ${lastWeek[0]!.section_index + 1}: ${lastWeek.map((d) => d.decks_used).join(' · ')}`,
    );
  });

  it('/me without a link says how to link', async () => {
    const text = (await say(k.discord.command('me', { id: '500000000000000099' }))).data!.content!;
    expect(text).toContain('run `/link`');
  });

  it('/war shows the race now, in the channel: rank, fame and the decks the members have left', async () => {
    const now = k.w.clock.now();
    const info = k.w.period(now);
    const ledger = k.w.sim.state.ledger;
    const members = ledger.membersAt(now);
    const left = members.reduce((sum, tag) => sum + 4 - ledger.decksUsed(tag, info.seasonId, info.periodIndex, now), 0);
    const command = k.discord.command('war', ALICE);
    const res = await k.send(command);
    expect(res.body).toEqual({ type: 5, data: {} });
    const text = contentOf(await k.discord.answerTo(command.token));
    expect(text).toMatch(/battle day 2: rank \*\*\d of \d\*\*/);
    expect(text).toContain(
      `Decks today: ${members.length * 4 - left} used, **${left} left** (${members.length} members × 4).`,
    );
    // The projection of all five clans, and our clan's projected places hold where the simulator's ledger ends it.
    expect(text).toMatch(
      /\*\*Projected\*\* \(8 in 10 played-out weeks fall in these ranges\)( · placed right \d+ of \d+ weeks? at the start of day \d)?:/,
    );
    const lines = text.split('\n').filter((l) => /^[1-5](st|nd|rd|th) /.test(l));
    expect(lines).toHaveLength(5);
    const ours = lines.find((l) => l.includes('**'))!;
    const [best, worst] = (ours.match(/· ([1-5])\w\w(?:–([1-5])\w\w)?/) ?? []).slice(1).map(Number);
    const truth = simulatedWeekEnd(k.w.sim, info).get(k.w.sim.state.clanTag)!.place;
    expect(truth).toBeGreaterThanOrEqual(best!);
    expect(truth).toBeLessThanOrEqual(Number.isNaN(worst) ? best! : worst!);
  });

  it('refuses a leader command to a member, privately', async () => {
    for (const name of ['inactive', 'remind', 'absences']) {
      const answer = await say(k.discord.command(name, ALICE));
      expect(answer.type).toBe(4);
      expect(answer.data?.flags).toBe(64);
      expect(answer.data?.content).toBe(
        `Only clan leaders can use \`/${name}\`: it needs the leader role or the Manage Server permission.`,
      );
    }
  });

  it('/inactive gives a leader the stored report of a day, by role or by Manage Server', async () => {
    const report = await k.w.t.db.kysely
      .selectFrom('war_day_reports')
      .selectAll()
      .where('day', '=', 3)
      .orderBy('season_id', 'desc')
      .orderBy('section_index', 'desc')
      .executeTakeFirstOrThrow();
    const short = await k.w.t.db.kysely
      .selectFrom('war_day_decks')
      .selectAll()
      .where('season_id', '=', report.season_id)
      .where('section_index', '=', report.section_index)
      .where('day', '=', 3)
      .where('decks_used', '<', 4)
      .where('status', '!=', 'ok')
      .execute();
    expect(short.length).toBeGreaterThan(0);
    for (const caller of [LEADER, MANAGER]) {
      const text = (await say(k.discord.command('inactive', caller, [opt('day', 3, 4)]))).data!.content!;
      expect(text.split('\n')[0]).toBe(`**${report.title}**`);
      expect(text).toContain(`Fewer than 4 decks (${short.length}):`);
      for (const p of short) expect(text).toContain(`(${p.player_tag}): ${p.decks_used}`);
    }
  });

  it('/away by a member is pending until a leader approves it with a button; the day is then excused', async () => {
    const report = await k.w.t.db.kysely
      .selectFrom('war_day_decks')
      .selectAll()
      .where('day', '=', 3)
      .where('decks_used', '<', 4)
      .where('status', '!=', 'ok')
      .orderBy('season_id', 'desc')
      .orderBy('section_index', 'desc')
      .executeTakeFirstOrThrow();
    // link the short member to Bob's friend Carol, who asks for the week that day belongs to
    const carol = { id: '500000000000000003' };
    const token = await loginToken(k.w.t.app);
    await k.w.t.app.inject({
      method: 'PUT',
      url: `/api/admin/discord-links/${encodeURIComponent(report.player_tag)}`,
      headers: bearer(token),
      payload: { discordUserId: carol.id },
    });
    // battle day 3 of the week before: Saturday 2026-11-14, its reset fell on that UTC date
    const asked = await say(
      k.discord.command('away', carol, [opt('from', '2026-11-13'), opt('to', '2026-11-15'), opt('reason', 'holiday')]),
    );
    expect(asked.data?.content).toMatch(
      /^Asked: .* away 2026-11-13 to 2026-11-15 \(holiday\) \(waiting for a leader\)/,
    );
    const stored = await k.w.t.db.kysely.selectFrom('excused_absences').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      player_tag: report.player_tag,
      starts_on: '2026-11-13',
      ends_on: '2026-11-15',
      status: 'pending',
      requested_by: `discord:${carol.id}`,
    });
    const before = (await say(k.discord.command('inactive', LEADER, [opt('day', 3, 4)]))).data!.content!;
    expect(before).not.toContain('Excused');

    const list = await say(k.discord.command('absences', LEADER));
    expect(list.data?.content).toContain(`#${stored.id} `);
    const press = await say(k.discord.button(`absence-approve:${stored.id}`, BOB));
    expect(press.data?.content).toBe('Only clan leaders can approve or reject absences.');
    const approved = await say(k.discord.button(`absence-approve:${stored.id}`, LEADER));
    expect(approved.type).toBe(7);
    expect(approved.data?.content).toMatch(new RegExp(`^Approved #${stored.id}: `));
    expect(approved.data?.content).toContain('No absence is waiting for approval.');
    const decided = await k.w.t.db.kysely.selectFrom('excused_absences').selectAll().executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: 'approved', decided_by: `discord:${LEADER.id}` });

    const after = (await say(k.discord.command('inactive', LEADER, [opt('day', 3, 4)]))).data!.content!;
    expect(after).toContain('Excused (1):');
    expect(after).toContain(`(${report.player_tag}): ${report.decks_used}/4, excused: holiday`);
  });

  it('/away by a leader for a member is approved at once; a member cannot excuse someone else', async () => {
    const refused = await say(
      k.discord.command('away', ALICE, [opt('from', '2026-11-27'), opt('to', '2026-11-29'), opt('member', BOB.id, 6)]),
    );
    expect(refused.data?.content).toBe('Only leaders can excuse another member.');
    const set = await say(
      k.discord.command('away', LEADER, [opt('from', '2026-11-27'), opt('to', '2026-11-29'), opt('member', BOB.id, 6)]),
    );
    expect(set.data?.content).toMatch(
      new RegExp(`^Approved: .*\\(\\${bob}\\) is excused 2026-11-27 to 2026-11-29\\. `),
    );
    // the battle days those UTC dates excuse (season 138 began Monday Nov 2: Nov 27 is its day 25, week 4's Friday),
    // with the time the resets come at
    const week = 'Season 138 · Week 4 · battle day';
    expect(set.data?.content).toContain(
      `Excused battle days: ${week} 2 (reset Fri, Nov 27), ${week} 3 (reset Sat, Nov 28), ${week} 4 (reset Sun, Nov 29); `,
    );
    expect(set.data?.content).toMatch(/; the resets come at about \d\d:\d\d UTC\. Dates are UTC days\.$/);
    const bad = await say(
      k.discord.command('away', LEADER, [opt('from', '2026-11-29'), opt('to', '2026-11-27'), opt('member', BOB.id, 6)]),
    );
    expect(bad.data?.content).toBe('The last day comes before the first day.');
    const me = (await say(k.discord.command('me', BOB))).data!.content!;
    expect(me).toContain('Excused: 2026-11-27 to 2026-11-29.');
  });

  it('/remind starts a war-reminders run, as the admin Run button does', async () => {
    const command = k.discord.command('remind', LEADER);
    const res = await k.send(command);
    expect(res.body).toEqual({ type: 5, data: { flags: 64 } });
    const text = contentOf(await k.discord.answerTo(command.token));
    const [run] = await k.w.t.app.services.scripts.history(k.w.t.app.services.scripts.find('war-reminders')!, 1);
    expect(run).toMatchObject({ trigger: 'manual', status: 'completed' });
    expect(text).toBe(`Reminder run done: ${run!.message}`);
  });

  it('/me just after the reset: the new battle day with its four decks, the next reset a day away', async () => {
    // Saturday, 10 minutes past the predicted reset; the newest snapshot is Friday afternoon's
    const prediction = await predictReset(k.w.t.db.kysely, k.w.t.app.ctx.clans.main.tag, k.w.clock.now());
    expect(prediction).not.toBeNull();
    k.w.at(new Date(prediction!.at.getTime() + prediction!.margin + 10 * 60_000));
    const me = (await say(k.discord.command('me', BOB))).data!.content!;
    expect(me).toMatch(/Decks left today: \*\*4 of 4\*\*: battle day 3 began at about \d\d:\d\d UTC/);
    expect(me).toMatch(/Next war reset in about 2\d h/);
  });
});
