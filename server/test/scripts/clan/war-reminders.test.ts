import { afterEach, describe, expect, it } from 'vitest';
import type { WarRemindersResult } from '#contracts/admin-scripts';
import type { PeriodInfo } from '#server/simulator/index';
import { engines } from '../../helpers/test-db.js';
import { HOUR, MINUTE, warTimeline, type TimelineRun, type WarTimeline } from '../../helpers/war-timeline.js';

/**
 * War reminders on the simulator (docs/reminders.md): the real scheduler wakes them at the
 * admin's offsets before the reset it predicts from the resets the snapshots observed; the
 * simulator's ledger says when each day really reset and who had used how many decks.
 */
describe.each(engines)('war reminders on the simulator (%s)', (engine) => {
  let w: WarTimeline;
  afterEach(async () => w?.close());

  const reminders = () => w.runs.filter((r) => r.scriptId === 'war-reminders' && r.trigger === 'schedule');
  const resultOf = (r: TimelineRun) => r.result as WarRemindersResult;
  const outboxOf = async () =>
    (await w.t.app.services.scripts.outbox(500)).filter((m) => m.scriptId === 'war-reminders');

  /** The ledger's answer at `at`: members with fewer than 4 decks today, by tag. */
  function expectedLeft(info: PeriodInfo, at: Date) {
    const ledger = w.sim.state.ledger;
    return ledger
      .membersAt(at)
      .map((tag) => ({ tag, decksUsed: ledger.decksUsed(tag, info.seasonId, info.periodIndex, at) }))
      .filter((p) => p.decksUsed < 4)
      .sort((a, b) => a.tag.localeCompare(b.tag));
  }
  const listed = (r: WarRemindersResult) =>
    r.players.map((p) => ({ tag: p.tag, decksUsed: p.decksUsed })).sort((a, b) => a.tag.localeCompare(b.tag));

  /**
   * Every reminder fired `offset` before the reset the simulator really had that day, give or take
   * the margin the prediction announced; on battle days it lists exactly who the ledger says.
   */
  async function checkWindow(from: string, until: string, seed: number) {
    w = await warTimeline(engine, from, { seed });
    await w.start();
    await w.driveUntil(until);
    const runs = reminders();
    expect(runs.length).toBeGreaterThan(0);
    const outbox = await outboxOf();
    const battleDays = new Set<string>();
    for (const run of runs) {
      const r = resultOf(run);
      const info = w.period(run.firedAt);
      const trueReset = info.end.getTime();
      // the offsets are 6 h and 1 h (the defaults): which one fired is told by the distance
      const offset = [6 * HOUR, HOUR].find((o) => Math.abs(trueReset - o - run.firedAt.getTime()) <= r.marginMs!);
      expect(offset, `reminder at ${run.firedAt.toISOString()} is not 6 h or 1 h before a reset`).toBeDefined();
      expect(r.marginMs!).toBeLessThan(HOUR);
      expect(Math.abs(new Date(r.predictedReset!).getTime() - trueReset)).toBeLessThanOrEqual(r.marginMs!);
      if (info.periodType === 'training') {
        expect(r.nothingToSend).toBe('training-day');
        continue;
      }
      const finished = w.sim.state.ledger.finishedAt(info.seasonId, info.sectionIndex);
      if (finished && finished < run.firedAt) {
        expect(r.nothingToSend).toBe('race-finished');
        continue;
      }
      expect(r.day).toBe(info.dayOfWeek - 2);
      expect(listed(r)).toEqual(expectedLeft(info, run.firedAt));
      battleDays.add(`${info.seasonId}:${info.periodIndex}:${offset}`);
    }
    // one message per battle-day reminder with players left, none for the others
    const sent = runs.filter((r) => resultOf(r).nothingToSend === null);
    expect(outbox).toHaveLength(sent.length);
    return { runs, battleDays };
  }

  it('fires 6 h and 1 h before the predicted reset in EDT and EST, across 2026-11-01 (fall back)', async () => {
    const { runs, battleDays } = await checkWindow('2026-10-26T00:00:00.000Z', '2026-11-06T00:00:00.000Z', 31);
    // the same UTC distance to the reset before and after the change: New York's clock plays no part
    const before = runs.filter((r) => r.firedAt < new Date('2026-11-01T06:00:00Z'));
    const after = runs.filter((r) => r.firedAt > new Date('2026-11-01T06:00:00Z'));
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    expect(battleDays.size).toBeGreaterThan(0);
    // each day with a prediction gets both reminders
    const perDay = new Map<string, number>();
    for (const r of runs) {
      const info = w.period(r.firedAt);
      const key = `${info.seasonId}:${info.periodIndex}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    expect([...perDay.values()].every((n) => n === 2)).toBe(true);
  });

  it('fires at the same distance to the reset across 2027-03-14 (spring forward)', async () => {
    const { runs } = await checkWindow('2027-03-09T00:00:00.000Z', '2027-03-19T00:00:00.000Z', 32);
    expect(runs.some((r) => r.firedAt < new Date('2027-03-14T07:00:00Z'))).toBe(true);
    expect(runs.some((r) => r.firedAt > new Date('2027-03-14T07:00:00Z'))).toBe(true);
  });

  it('waits for two observed resets before predicting, and follows the offsets the admin sets', async () => {
    w = await warTimeline(engine, '2026-11-16T12:00:00.000Z', { seed: 33 });
    await w.start();
    // no history yet: the admin panel says so, and nothing fires on the first day
    expect((await w.t.app.services.reminders.settings()).prediction).toBeNull();
    const day = w.period('2026-11-17T12:00:00.000Z');
    await w.driveUntil(new Date(day.end.getTime() + 2 * HOUR));
    expect(reminders()).toEqual([]);
    await w.t.app.services.reminders.setOffsets([180]);
    await w.t.app.services.scripts.refreshSchedule();
    const next = w.period(new Date(day.end.getTime() + 2 * HOUR));
    await w.driveUntil(new Date(next.end.getTime() + HOUR));
    const settings = await w.t.app.services.reminders.settings();
    expect(settings.offsetsMinutes).toEqual([180]);
    const runs = reminders();
    expect(runs).toHaveLength(1);
    const r = resultOf(runs[0]!);
    expect(Math.abs(next.end.getTime() - 3 * HOUR - runs[0]!.firedAt.getTime())).toBeLessThanOrEqual(r.marginMs!);
  });

  it('sends nothing when every member has used all 4 decks, and records why', async () => {
    w = await warTimeline(engine, '2026-11-13T00:00:00.000Z', { seed: 34 });
    await w.start();
    // the game day from Thursday 2026-11-19 ~10:00 UTC to Friday's reset is a battle day
    const day = w.period('2026-11-19T12:00:00.000Z');
    expect(day.periodType).not.toBe('training');
    const played = new Date(day.start.getTime() + HOUR);
    await w.driveUntil(played);
    // everyone plays what they have left, right now (members who join later are checked below)
    for (const tag of w.sim.state.ledger.membersAt(played)) {
      const used = w.sim.state.ledger.decksUsed(tag, day.seasonId, day.periodIndex, played);
      if (used < 4) w.sim.state.attack(tag, played, 4 - used);
    }
    expect(w.sim.state.ledger.membersAt(new Date(day.end.getTime() - HOUR)).sort()).toEqual(
      w.sim.state.ledger.membersAt(played).sort(),
    );
    const before = (await outboxOf()).length;
    await w.driveUntil(new Date(day.end.getTime() - 10 * MINUTE));
    const onDay = reminders().filter((r) => r.firedAt >= day.start && r.firedAt < day.end);
    expect(onDay).toHaveLength(2);
    for (const r of onDay) {
      expect(resultOf(r).nothingToSend).toBe('all-decks-used');
      expect(r.message).toBe('Nothing to send: every member has used all 4 decks today.');
    }
    expect(await outboxOf()).toHaveLength(before);
  });

  it('sends nothing once the clan has crossed the finish line, until the next week', async () => {
    w = await warTimeline(engine, '2026-11-09T00:00:00.000Z', { seed: 36 });
    // the first week from the ledger whose race the clan finished before its last battle day ended
    let finish: { at: Date; end: Date } | null = null;
    for (let t = new Date('2026-11-12T12:00:00Z').getTime(); !finish; t += 7 * 24 * HOUR) {
      const info = w.period(new Date(t));
      const at = w.sim.state.ledger.finishedAt(info.seasonId, info.sectionIndex);
      const lastDay = w.sim.state.periodInfo(info.seasonId, info.sectionIndex * 7 + 6);
      if (at && at.getTime() < lastDay.end.getTime() - 7 * HOUR) finish = { at, end: lastDay.end };
    }
    w.at(new Date(finish.at.getTime() - 3 * 24 * HOUR));
    await w.start();
    await w.driveUntil(new Date(finish.end.getTime() - 10 * 60_000));
    const after = reminders().filter((r) => r.firedAt > finish.at);
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) expect(resultOf(r).nothingToSend).toBe('race-finished');
    const sentAfter = (await outboxOf()).filter((m) => new Date(m.createdAt) > finish.at);
    expect(sentAfter).toEqual([]);
  });

  it('never reminds of a day whose reset came earlier than predicted', async () => {
    w = await warTimeline(engine, '2026-11-01T00:00:00.000Z', { seed: 37 });
    // from the ledger: a battle day ending 30+ minutes before the median reset time of the 7 days before it
    const timeOfDay = (d: Date) => d.getTime() % (24 * HOUR);
    let early: PeriodInfo | null = null;
    for (let t = new Date('2026-11-10T12:00:00Z').getTime(); !early; t += 24 * HOUR) {
      const info = w.period(new Date(t));
      const before = [1, 2, 3, 4, 5, 6, 7].map((k) => timeOfDay(w.period(new Date(t - k * 24 * HOUR)).end));
      const median = [...before].sort((a, b) => a - b)[3]!;
      if (info.periodType !== 'training' && timeOfDay(info.end) < median - 30 * MINUTE) early = info;
    }
    w.at(new Date(early.start.getTime() - 8 * 24 * HOUR));
    await w.start();
    await w.t.app.services.reminders.setOffsets([10]);
    await w.driveUntil(new Date(early.end.getTime() + 2 * HOUR));
    const late = reminders().filter((r) => r.firedAt >= early.end && r.firedAt < new Date(early.end.getTime() + HOUR));
    for (const r of late) expect(resultOf(r).nothingToSend).toBe('day-ended');
    const sent = (await outboxOf()).filter(
      (m) => new Date(m.createdAt) >= early.end && new Date(m.createdAt) < new Date(early.end.getTime() + HOUR),
    );
    expect(sent).toEqual([]);
    // the day before, with its reset where predicted, was reminded 10 minutes ahead
    expect(reminders().some((r) => r.firedAt < early.start && resultOf(r).nothingToSend !== 'day-ended')).toBe(true);
  });

  it('is sent on demand with "send now", on a battle day, listing who the ledger says', async () => {
    w = await warTimeline(engine, '2026-11-19T15:00:00.000Z', { seed: 35 });
    const info = w.period('2026-11-19T15:00:00.000Z');
    const run = await w.runNow('war-reminders');
    expect(run.status).toBe('completed');
    expect(listed(resultOf(run))).toEqual(expectedLeft(info, w.clock.now()));
    const [message] = await outboxOf();
    expect(message!.content).toContain(`**War reminder · Battle day ${info.dayOfWeek - 2}**`);
    expect(info.periodType).not.toBe('training');
  });
});
