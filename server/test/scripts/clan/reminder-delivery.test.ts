import { afterEach, describe, expect, it } from 'vitest';
import type { AlertsResponse, TemplatePreview } from '#contracts/admin-reminders';
import type { WarRemindersResult } from '#contracts/admin-scripts';
import { toWebhookPayloads } from '#server/clients/discord/payload';
import { DiscordSender } from '#server/clients/discord/sender';
import { insertRun } from '#server/scripts/runs.repository';
import { inactivePlayersMessage } from '#server/modules/war/discord-messages';
import type { DeckReport } from '#server/modules/war/deck-report';
import { bearer, loginToken, setConfirmedEmail } from '../../helpers/auth.js';
import { startDiscordReceiver } from '../../helpers/discord-receiver.js';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import { engines } from '../../helpers/test-db.js';
import { HOUR, MINUTE, warTimeline, type WarTimeline } from '../../helpers/war-timeline.js';
import { ADMIN_ENV } from '../../helpers/auth.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

type Receiver = Awaited<ReturnType<typeof startDiscordReceiver>>;

/** What reaches Discord and the admin: mentions, alerts with their mail, and edited templates (docs/reminders.md). */
describe.each(engines)('reminder delivery, alerts and templates (%s)', (engine) => {
  let w: WarTimeline | null = null;
  let receiver: Receiver | null = null;
  let smtp: SmtpSink | null = null;
  afterEach(async () => {
    await w?.close();
    await receiver?.close();
    await smtp?.close();
    w = receiver = smtp = null;
  });

  const BATTLE_DAY = '2026-11-19T15:00:00.000Z';

  it('mentions exactly the linked members, and no name pings a role or everyone', async () => {
    receiver = await startDiscordReceiver((_q, i) => ({ status: 200, body: { id: `m${i}` } }));
    const clockless = { sleep: async () => undefined };
    w = await warTimeline(engine, BATTLE_DAY, {
      seed: 41,
      scripts: { discord: new DiscordSender({ webhookUrl: receiver.url, clock: clockless }) },
    });
    const now = w.clock.now();
    const info = w.period(now);
    const ledger = w.sim.state.ledger;
    const left = ledger.membersAt(now).filter((tag) => ledger.decksUsed(tag, info.seasonId, info.periodIndex, now) < 4);
    expect(left.length).toBeGreaterThanOrEqual(5);
    const [linkedA, linkedB, everyone, role, finished] = left as [string, string, string, string, string];
    // a linked member who has played all 4 decks is not listed, so not mentioned
    w.sim.state.attack(finished, now, 4 - ledger.decksUsed(finished, info.seasonId, info.periodIndex, now));
    // players whose names try to ping: the game allows any text
    w.sim.state.findPlayer(everyone, now)!.name = '@everyone';
    w.sim.state.findPlayer(role, now)!.name = '<@&123456789012345678> @here';
    w.sim.state.war.invalidate(info.start.getTime());
    const token = await loginToken(w.t.app);
    const ids = { [linkedA]: '123456789012345678', [linkedB]: '98765432109876543' };
    for (const [tag, id] of Object.entries({ ...ids, [finished]: '11112222333344445' })) {
      const res = await w.t.app.inject({
        method: 'PUT',
        url: `/api/admin/discord-links/${encodeURIComponent(tag)}`,
        headers: bearer(token),
        payload: { discordUserId: id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const run = await w.runNow('war-reminders');
    expect(run.status).toBe('completed');
    expect((run.result as WarRemindersResult).players.map((p) => p.tag).sort()).toEqual(
      left.filter((tag) => tag !== finished).sort(),
    );

    const bodies = receiver.received.map((r) => r.body as { content: string; allowed_mentions: unknown });
    expect(bodies.length).toBeGreaterThan(0);
    const mentioned = new Set<string>();
    for (const body of bodies) {
      const inText = [...body.content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
      inText.forEach((id) => mentioned.add(id));
      expect(body.allowed_mentions).toEqual({ parse: [], users: [...new Set(inText)] });
      expect(body.content).not.toMatch(/@everyone|@here|<@&/);
    }
    expect([...mentioned].sort()).toEqual(Object.values(ids).sort());
    const all = bodies.map((b) => b.content).join('\n');
    expect(all).toContain('@\u200beveryone');
    expect(all).toContain('\\<@\u200b&123456789012345678\\>');
  });

  it('refuses a link with a bad tag or user id, and shows links in the admin members view only', async () => {
    w = await warTimeline(engine, BATTLE_DAY, { seed: 42 });
    await w.runNow('war-reminders');
    const token = await loginToken(w.t.app);
    const put = (tag: string, discordUserId: string) =>
      w!.t.app.inject({
        method: 'PUT',
        url: `/api/admin/discord-links/${encodeURIComponent(tag)}`,
        headers: bearer(token),
        payload: { discordUserId },
      });
    expect((await put('#2PQ8L0C', '12345')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await put('#2PQ8L0C', '1234567890123456789012')).statusCode).toBe(400);
    expect((await put('not a tag!', '123456789012345678')).statusCode).toBe(404);
    const members = (await w.t.app.inject({ url: '/api/admin/members', headers: bearer(token) })).json() as {
      members: { tag: string }[];
    };
    const tag = members.members[0]!.tag;
    expect((await put(tag, '123456789012345678')).statusCode).toBe(200);
    const after = (await w.t.app.inject({ url: '/api/admin/members', headers: bearer(token) })).json() as {
      members: { tag: string; discordUserId: string | null }[];
    };
    expect(after.members.find((m) => m.tag === tag)?.discordUserId).toBe('123456789012345678');
    expect((await w.t.app.inject({ url: '/api/admin/members' })).statusCode).toBe(401);
    const publicMembers = await w.t.app.inject({ url: '/api/clan/members' });
    expect(publicMembers.body).not.toContain('123456789012345678');
    const del = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/admin/discord-links/${encodeURIComponent(tag)}`,
      headers: bearer(token),
    });
    expect(del.statusCode).toBe(200);
  });

  it('raises an alert with one mail for a failing run and a refused webhook; a second within the hour mails nothing', async () => {
    smtp = await startSmtpSink();
    receiver = await startDiscordReceiver(() => ({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } }));
    const env = { ...ADMIN_ENV, SMTP_URL: smtp.url };
    w = await warTimeline(engine, BATTLE_DAY, {
      seed: 43,
      env,
      deps: { auth: { mailer: smtp.mailerFor(env) } },
      scripts: { discord: new DiscordSender({ webhookUrl: receiver.url }) },
    });
    const app = w.t.app;
    const token = await loginToken(app);
    await setConfirmedEmail(app, token, 'chief@example.com', smtp);
    smtp.mails.length = 0;
    const alerts = async () =>
      ((await app.inject({ url: '/api/admin/alerts', headers: bearer(token) })).json() as AlertsResponse).alerts;
    const alertMails = () => smtp!.mails.filter((m) => /Subject: ClanOps alert/.test(m.raw));

    // the Clash Royale API fails: the run fails
    w.sim.setFault('*', { kind: 'status', status: 500, reason: 'unknownException' });
    const failed = await w.runNow('war-reminders');
    expect(failed.status).toBe('failed');
    await app.services.alerts.settled();
    await smtp.settled();
    expect(await alerts()).toMatchObject([{ kind: 'run-failed', subject: 'War reminders: a run failed' }]);
    expect(alertMails()).toHaveLength(1);
    expect(alertMails()[0]!.to).toEqual(['chief@example.com']);

    // 20 minutes later it fails again: a second alert row, no second mail
    w.clock.advance(20 * MINUTE);
    expect((await w.runNow('war-reminders')).status).toBe('failed');
    await app.services.alerts.settled();
    await smtp.settled();
    expect(await alerts()).toHaveLength(2);
    expect(alertMails()).toHaveLength(1);

    // the API is back; the webhook answers 404: delivery stops, its own alert and mail
    w.sim.clearFaults();
    const sent = await w.runNow('war-reminders');
    expect(sent.status).toBe('completed');
    await app.services.alerts.settled();
    await smtp.settled();
    const open = await alerts();
    expect(open[0]).toMatchObject({ kind: 'discord-stopped', subject: 'Discord delivery stopped' });
    expect(alertMails()).toHaveLength(2);
    const system = (await app.inject({ url: '/api/admin/system', headers: bearer(token) })).json() as {
      openAlerts: number;
    };
    expect(system.openAlerts).toBe(3);

    // acknowledged alerts leave the banner; an hour after the first mail, a failure mails again
    for (const a of open) {
      const ack = await app.inject({
        method: 'POST',
        url: `/api/admin/alerts/${a.id}/acknowledge`,
        headers: bearer(token),
      });
      expect(ack.statusCode).toBe(200);
    }
    expect(await alerts()).toEqual([]);
    w.clock.advance(HOUR);
    w.sim.setFault('*', { kind: 'status', status: 500, reason: 'unknownException' });
    await w.runNow('war-reminders');
    await app.services.alerts.settled();
    await smtp.settled();
    expect(alertMails()).toHaveLength(3);
  });

  it('validates the reminder times and shows the prediction with its margin', async () => {
    w = await warTimeline(engine, '2026-11-16T00:00:00.000Z', { seed: 46 });
    await w.start();
    await w.driveUntil('2026-11-19T12:00:00.000Z');
    const token = await loginToken(w.t.app);
    const put = (offsetsMinutes: unknown) =>
      w!.t.app.inject({
        method: 'PUT',
        url: '/api/admin/reminders',
        headers: bearer(token),
        payload: { offsetsMinutes },
      });
    expect((await put([5])).json()).toEqual({
      error: 'offsetsMinutes: A reminder comes at least 10 minutes before the reset',
      code: 'VALIDATION_ERROR',
    });
    expect((await put([24 * 60])).statusCode).toBe(400);
    expect((await put([60, 60])).json()).toMatchObject({ error: 'offsetsMinutes: Each reminder time may appear once' });
    expect((await put([60, 120, 180, 240, 300, 360, 420])).statusCode).toBe(400);
    const saved = await put([90, 360]);
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as { offsetsMinutes: number[]; prediction: { at: string; marginMs: number } };
    expect(body.offsetsMinutes).toEqual([360, 90]);
    // the ledger's next reset lies within the announced margin of the prediction
    const trueReset = w.period(w.clock.now()).end.getTime();
    expect(Math.abs(new Date(body.prediction.at).getTime() - trueReset)).toBeLessThanOrEqual(body.prediction.marginMs);
    const schedule = (
      await w.t.app.inject({ url: '/api/admin/war-reminders/schedule', headers: bearer(token) })
    ).json() as { description: string; nextRuns: { utc: string }[] };
    expect(schedule.description).toBe('6 h and 1 h 30 min before the predicted war reset, on battle days.');
    expect(schedule.nextRuns).toHaveLength(2);
    const cron = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/war-reminders/schedule',
      headers: bearer(token),
      payload: { schedule: '0 5 * * *' },
    });
    expect(cron.statusCode).toBe(400);
  });

  it('ends the reminder with the race projection once a leader switches the line on (off by default)', async () => {
    receiver = await startDiscordReceiver((_q, i) => ({ status: 200, body: { id: `m${i}` } }));
    const clockless = { sleep: async () => undefined };
    w = await warTimeline(engine, BATTLE_DAY, {
      seed: 41,
      scripts: { discord: new DiscordSender({ webhookUrl: receiver.url, clock: clockless }) },
    });
    const token = await loginToken(w.t.app);
    const settings = () => w!.t.app.inject({ url: '/api/admin/reminders', headers: bearer(token) });
    expect((await settings()).json()).toMatchObject({ projectionLine: false });
    const contents = () => receiver!.received.map((r) => (r.body as { content: string }).content).join('\n');
    expect((await w.runNow('war-reminders')).status).toBe('completed');
    expect(contents()).not.toContain('Projected');
    const put = await w.t.app.inject({
      method: 'PUT',
      url: '/api/admin/reminders',
      headers: bearer(token),
      payload: { offsetsMinutes: [360, 60], projectionLine: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await settings()).json()).toMatchObject({ offsetsMinutes: [360, 60], projectionLine: true });
    // a PUT without the field leaves the line as it is
    await w.t.app.inject({
      method: 'PUT',
      url: '/api/admin/reminders',
      headers: bearer(token),
      payload: { offsetsMinutes: [360, 60] },
    });
    expect((await settings()).json()).toMatchObject({ projectionLine: true });
    expect((await w.runNow('war-reminders')).status).toBe('completed');
    // our place with its range (or one place), then the crossing with how sure or the range of fame at the end
    const place = '[1-5](st|nd|rd|th)';
    const end = String.raw`(crossing at the close of day [1-4] \(\d+%\)|[\d,]+(–[\d,]+)? fame at the end)`;
    expect(contents()).toMatch(
      new RegExp(String.raw`\*\*Projected\*\* at battle day [1-4]: ${place}( \(${place}–${place}\))?, ${end}`),
    );
  });

  it('raises an alert for a run a crash cut off, when the server starts again', async () => {
    w = await warTimeline(engine, BATTLE_DAY, { seed: 45 });
    // the server died during a run: its row says running, and no lease is held any more
    await insertRun(w.t.db.kysely, {
      scriptId: 'war-reminders',
      clanTag: CLAN,
      trigger: 'schedule',
      occurrenceKey: '2026-11-19T14:50:00.000Z',
      status: 'running',
      message: 'Running…',
      startedAt: '2026-11-19T14:50:00.000Z',
    });
    await w.restart(new Date(w.clock.now().getTime() + 10 * MINUTE));
    const [row] = await w.t.app.services.scripts.history(w.t.app.services.scripts.find('war-reminders')!, 1);
    expect(row).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Interrupted/) });
    expect(await w.t.app.services.alerts.list()).toMatchObject([
      { kind: 'run-interrupted', subject: 'War reminders: a run was interrupted', runId: row!.id },
    ]);
  });

  it('refuses an unknown placeholder naming it, previews on the newest message, and posts the edited text', async () => {
    w = await warTimeline(engine, BATTLE_DAY, { seed: 44 });
    const app = w.t.app;
    const token = await loginToken(app);
    const put = (template: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/templates/war-reminder',
        headers: bearer(token),
        payload: { template },
      });
    const bad = await put('Hurry {name}, {list}');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'UNKNOWN_PLACEHOLDER' });
    expect((bad.json() as { error: string }).error).toContain('{name}');

    const first = await w.runNow('war-reminders');
    const players = (first.result as WarRemindersResult).players;
    const preview = await app.inject({
      method: 'POST',
      url: '/api/admin/templates/war-reminder/preview',
      headers: bearer(token),
      payload: { template: 'Day {day}: {count} to go!\n{list}' },
    });
    expect(preview.statusCode).toBe(200);
    const shown = preview.json() as TemplatePreview;
    const day = w.period(w.clock.now()).dayOfWeek - 2;
    expect(shown.parts[0]).toMatch(new RegExp(`^Day ${day}: ${players.length} to go!\\n`));
    expect(shown.source).toMatch(/newest war reminder message/);

    expect((await put('Day {day}: {count} to go!\n{list}')).statusCode).toBe(200);
    w.clock.advance(30 * MINUTE);
    await w.runNow('war-reminders');
    const [newest] = await app.services.scripts.outbox(1);
    expect(newest!.content).toMatch(new RegExp(`^Day ${day}: \\d+ to go!\\n`));

    const restore = await app.inject({
      method: 'DELETE',
      url: '/api/admin/templates/war-reminder',
      headers: bearer(token),
    });
    expect(restore.json()).toMatchObject({ isDefault: true });
  });

  it('splits a 50-member report under 2,000 characters a part, each part starting with the header', async () => {
    // 50 inactive members with long names, by hand: 0/4 … 3/4
    const report: DeckReport = {
      seasonId: 138,
      sectionIndex: 2,
      day: 2,
      raceFinished: false,
      complete: true,
      players: Array.from({ length: 50 }, (_, i) => ({
        tag: `#${'PQ8L0C'.repeat(2)}${i}`,
        name: `A very long player name number ${i} with *stars*`,
        decksUsed: i % 4,
        maxDecksUsed: i % 4,
        status: 'inactive' as const,
      })),
    };
    const message = inactivePlayersMessage(report, 'Season 138 · Week 3 · Battle day 2');
    const parts = toWebhookPayloads(message).map((p) => p.content!);
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(part.length).toBeLessThanOrEqual(2000);
      expect(part.startsWith('**Inactive players · Season 138 · Week 3 · Battle day 2**')).toBe(true);
      if (i > 0) expect(part.split('\n')[0]).toMatch(/\(continued\)$/);
    }
    expect(parts.join('\n').match(/A very long player name number \d+ /g)).toHaveLength(50);
  });

  it('drops a reminder Discord could not take before the reset it counted down to: expired in the outbox, never late', async () => {
    // Discord refuses everything from the reminder's run until two hours after the next morning's reset
    const start = new Date(BATTLE_DAY);
    const outage = { from: start, to: new Date(start.getTime() + 22 * HOUR) };
    w = await warTimeline(engine, BATTLE_DAY, { seed: 41, discordOutages: [outage] });
    await w.start();
    const run = await w.runNow('war-reminders');
    expect(run.status).toBe('completed');
    expect((run.result as WarRemindersResult).players.length).toBeGreaterThan(0);
    const dayEnd = w.period(start).end;
    await w.driveUntil(new Date(dayEnd.getTime() + 6 * HOUR));
    const rows = await w.t.db.kysely
      .selectFrom('discord_outbox')
      .selectAll()
      .where('script_id', '=', 'war-reminders')
      .where('created_at', '<', dayEnd.toISOString())
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).toBe('expired');
      expect(row.error).toMatch(
        /^not delivered before .* UTC, the reset it counted down to: dropped, not sent late\.$/,
      );
      expect(new Date(row.expires_at!).getTime()).toBeLessThanOrEqual(dayEnd.getTime());
    }
    const texts = rows.map((r) => toWebhookPayloads(JSON.parse(r.payload))[0]!.content);
    expect(w.discord!.delivered.filter((d) => texts.includes(d.content))).toEqual([]);
  });
});
