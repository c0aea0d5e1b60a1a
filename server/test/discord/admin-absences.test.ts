import { afterEach, describe, expect, it } from 'vitest';
import type { AbsencesResponse } from '#contracts/admin-members';
import type { AdminMembersResponse } from '#contracts/admin-reminders';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, bearer, loginToken } from '../helpers/auth.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { engines } from '../helpers/test-db.js';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';

/** The Reminders tab's absences and link confirmation (docs/discord.md). */
describe.each(engines)('admin absences and link confirmation (%s)', (engine) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('adds an approved absence, decides a pending one once, and lists them with the member names', async () => {
    t = await buildTestApp({ engine, env: ADMIN_ENV, clock: new ManualClock('2026-11-20T12:00:00.000Z') });
    const db = t.db.kysely;
    await db
      .insertInto('clan_members')
      .values({
        clan_tag: CLAN,
        tag: '#PQL0289',
        name: 'Mia',
        role: 'member',
        first_seen_at: '2026-10-01T00:00:00.000Z',
        family_first_seen_at: '2026-10-01T00:00:00.000Z',
        last_seen_at: '2026-11-20T00:00:00.000Z',
        left_at: null,
        exp_level: null,
        trophies: null,
        donations: null,
        donations_received: null,
        last_seen_in_game: null,
        donations_last_week: null,
      })
      .execute();
    const token = await loginToken(t.app);
    const post = (url: string, payload: unknown) =>
      t!.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });

    const added = await post('/api/admin/absences', {
      playerTag: 'pql0289',
      startsOn: '2026-11-26',
      endsOn: '2026-11-29',
      reason: 'holiday',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      absence: {
        playerTag: '#PQL0289',
        playerName: 'Mia',
        status: 'approved',
        requestedBy: 'admin',
        decidedBy: 'admin',
      },
      message: 'Mia is excused from 2026-11-26 to 2026-11-29.',
    });
    expect(
      (
        await post('/api/admin/absences', { playerTag: '#PQL0289', startsOn: '2026-11-29', endsOn: '2026-11-26' })
      ).json(),
    ).toEqual({
      error: 'The last day comes before the first day.',
      code: 'INVALID_DATES',
    });
    expect(
      (await post('/api/admin/absences', { playerTag: 'nope!', startsOn: '2026-11-26', endsOn: '2026-11-26' }))
        .statusCode,
    ).toBe(400);

    const pending = await t.app.services.absences.add(
      { playerTag: '#PQL0289', from: '2026-12-03', to: '2026-12-03', reason: null },
      { requestedBy: 'discord:500000000000000001', approvedBy: null },
    );
    expect(pending.status).toBe('pending');
    const rejected = await post(`/api/admin/absences/${pending.id}/decision`, { decision: 'reject' });
    expect(rejected.json()).toMatchObject({ absence: { status: 'rejected', decidedBy: 'admin' } });
    const again = await post(`/api/admin/absences/${pending.id}/decision`, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: `Absence #${pending.id} was already rejected.`, code: 'ALREADY_DECIDED' });
    expect((await post('/api/admin/absences/999/decision', { decision: 'approve' })).statusCode).toBe(404);

    const list = (
      await t.app.inject({ url: '/api/admin/absences', headers: bearer(token) })
    ).json() as AbsencesResponse;
    expect(list.absences.map((a) => [a.startsOn, a.status])).toEqual([['2026-11-26', 'approved']]);
    const between = await t.app.services.absences.approvedAbsencesBetween('2026-11-29', '2026-12-31');
    expect(between.map((a) => a.playerTag)).toEqual(['#PQL0289']);
    expect(await t.app.services.absences.approvedAbsencesBetween('2026-11-30', '2026-12-31')).toEqual([]);
    expect((await t.app.inject({ url: '/api/admin/absences' })).statusCode).toBe(401);

    // a link claimed in Discord is confirmed by the admin
    await db
      .insertInto('discord_links')
      .values({
        player_tag: '#PQL0289',
        discord_user_id: '500000000000000001',
        created_at: '2026-11-20T11:00:00.000Z',
        status: 'claimed',
        verified_at: null,
      })
      .execute();
    const members = async () =>
      ((await t!.app.inject({ url: '/api/admin/members', headers: bearer(token) })).json() as AdminMembersResponse)
        .members;
    expect((await members())[0]).toMatchObject({ tag: '#PQL0289', linkStatus: 'claimed' });
    const confirmUrl = `/api/admin/discord-links/${encodeURIComponent('#PQL0289')}/confirm`;
    // Confirm names the user the admin saw: another user is refused, and nothing changes
    const wrongPair = await post(confirmUrl, { discordUserId: '500000000000000077' });
    expect(wrongPair.statusCode).toBe(409);
    expect(wrongPair.json()).toEqual({
      error:
        '#PQL0289 is now claimed by Discord user 500000000000000001, not 500000000000000077: nothing was confirmed. Look at the link again before confirming.',
      code: 'LINK_CHANGED',
    });
    expect((await post(confirmUrl, {})).statusCode).toBe(400);
    expect((await members())[0]).toMatchObject({ linkStatus: 'claimed' });
    const confirmed = await post(confirmUrl, { discordUserId: '500000000000000001' });
    expect(confirmed.json()).toEqual({
      tag: '#PQL0289',
      status: 'confirmed',
      message: "#PQL0289's link is confirmed.",
    });
    expect((await members())[0]).toMatchObject({ linkStatus: 'confirmed', discordUserId: '500000000000000001' });
    const unknown = await post(`/api/admin/discord-links/${encodeURIComponent('#2PQ8L0C')}/confirm`, {
      discordUserId: '500000000000000001',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
