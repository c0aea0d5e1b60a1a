import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemberMemory } from '#contracts/admin-leaders';
import type { WarReportResponse } from '#contracts/war-insights';
import type { AuditResponse } from '#contracts/admin-auth';
import { ManualClock } from '#server/lib/clock';
import { bearer, loginToken } from '#test/helpers/auth';
import { memberRow } from '#test/helpers/member-rows';
import { scriptTestApp } from '#test/helpers/scripts';
import type { TestApp } from '#test/helpers/test-app';
import { engines } from '#test/helpers/test-db';

/**
 * Strikes (docs/leaders-memory.md): each counts from its day until its expiry, and a member with as many active strikes
 * as the clan's threshold is on the War report's at-risk list with the strikes as evidence. The expected standings are
 * the hand-worked table below, never read from the rule.
 */
const T0 = '2026-11-01T12:00:00.000Z';
const DAY = 24 * 3_600_000;
const day = (n: number) => new Date(Date.parse(T0) + n * DAY);
const P = '#PPP';
const Q = '#QQQ';

describe.each(engines)('strikes, their expiry and the clan’s threshold on %s', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let headers: Record<string, string>;
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as T };
  };
  const at = async (n: number) => {
    clock.set(day(n));
    headers = bearer(await loginToken(t.app));
  };
  beforeEach(async () => {
    clock = new ManualClock(T0);
    t = await scriptTestApp(engine, clock);
    headers = bearer(await loginToken(t.app));
    await t.db.kysely
      .insertInto('clan_members')
      .values([
        { ...memberRow(P, 'Piper', 'member', '2026-10-01T00:00:00.000Z'), clan_tag: t.app.ctx.clans.main.tag },
        { ...memberRow(Q, 'Quinn', 'elder', '2026-10-01T00:00:00.000Z'), clan_tag: t.app.ctx.clans.main.tag },
      ])
      .execute();
  });
  afterEach(() => t.close());

  it('counts a strike until it expires; the threshold puts the member at risk with the strikes as evidence', async () => {
    expect((await call('PUT', '/api/admin/leaders/rules', { threshold: 2, days: 30, auto: false })).status).toBe(200);
    const strike = (tag: string, reason: string, days?: number) =>
      call<{ note: { id: number; expiresAt: string } }>('POST', '/api/admin/leaders/notes', {
        playerTag: tag,
        kind: 'strike',
        reason,
        ...(days ? { days } : {}),
      });
    // day 0: A (30 days, the clan's default) · day 10: B (5 days) · day 20: C (30 days); a note never counts
    const a = await strike(P, 'A: 0/4 on Thursday');
    expect(a.status).toBe(200);
    expect(a.body.note.expiresAt).toBe(day(30).toISOString());
    expect(
      (await call('POST', '/api/admin/leaders/notes', { playerTag: P, kind: 'note', reason: 'talked to him' })).status,
    ).toBe(200);
    await strike(Q, 'one strike only');
    await at(10);
    expect((await strike(P, 'B: rude in chat', 5)).body.note.expiresAt).toBe(day(15).toISOString());
    await at(20);
    await strike(P, 'C: below the fame minimum');

    // hand-worked (evidence newest first): day 12 {B, A} = 2 at risk · day 16 {A} = 1 · day 21 {A, C} = 2 at risk · day 31 {C} = 1
    const table: [number, number, string[]][] = [
      [12, 2, ['B: rude in chat', 'A: 0/4 on Thursday']],
      [16, 1, []],
      [21, 2, ['C: below the fame minimum', 'A: 0/4 on Thursday']],
      [31, 1, []],
    ];
    for (const [n, active, evidence] of table) {
      await at(n);
      const memory = await call<MemberMemory>('GET', `/api/admin/leaders/members/${encodeURIComponent(P)}`);
      expect(memory.body.activeStrikes, `day ${n}`).toBe(active);
      expect(memory.body.atRisk, `day ${n}`).toBe(evidence.length > 0);
      const report = await call<WarReportResponse>('GET', '/api/admin/war-report');
      expect(report.status).toBe(200);
      const listed = report.body.strikes.find((s) => s.tag === P);
      expect(listed?.evidence.strikes.map((s) => s.reason) ?? [], `day ${n}`).toEqual(evidence);
      expect(report.body.strikes.some((s) => s.tag === Q)).toBe(false);
    }
  });

  it('audits every change to notes, strikes, the watch list and the rules, and removes a note', async () => {
    const note = await call<{ note: { id: number } }>('POST', '/api/admin/leaders/notes', {
      playerTag: P,
      kind: 'note',
      reason: 'returning from a break',
    });
    await call('POST', '/api/admin/leaders/notes', { playerTag: P, kind: 'strike', reason: 'missed war' });
    await call('POST', '/api/admin/leaders/watch-list', { playerTag: '#2YYY', reason: 'kicked for abuse' });
    await call('DELETE', `/api/admin/leaders/watch-list/${encodeURIComponent('#2YYY')}`);
    await call('PUT', '/api/admin/leaders/rules', { threshold: 3, days: 14, auto: true });
    expect((await call('DELETE', `/api/admin/leaders/notes/${note.body.note.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/leaders/notes/${note.body.note.id}`)).body).toEqual({
      error: 'That note or strike no longer exists.',
      code: 'NOT_FOUND',
    });
    const audit = await call<AuditResponse>('GET', '/api/admin/audit');
    expect(audit.body.events.map((e) => `${e.kind} ${e.subject}`).reverse()).toEqual([
      `note-added Piper (${P})`,
      `strike-added Piper (${P})`,
      'watch-added #2YYY',
      'watch-removed #2YYY',
      `strike-rules-saved ${t.app.ctx.clans.main.tag}`,
      `note-removed Piper (${P})`,
    ]);
    const memory = await call<MemberMemory>('GET', `/api/admin/leaders/members/${encodeURIComponent(P)}`);
    expect(memory.body.notes.map((n) => [n.kind, n.reason, n.expiresAt])).toEqual([
      ['strike', 'missed war', day(30).toISOString()],
    ]);
  });

  it('refuses a bad tag or an empty reason with a message for the leader', async () => {
    const bad = await call('POST', '/api/admin/leaders/notes', { playerTag: 'hello', kind: 'strike', reason: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: expect.stringContaining('not a player tag') });
    const empty = await call('POST', '/api/admin/leaders/watch-list', { playerTag: P, reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: expect.stringContaining('reason') });
  });
});
