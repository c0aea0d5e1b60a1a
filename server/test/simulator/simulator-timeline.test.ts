import { describe, expect, it } from 'vitest';
import { SimState } from '../../src/simulator/state.js';

const state = () => new SimState(11, '#2PQ8L0C', 'Demo');
const race = (s: SimState, at: string | Date) => s.war.currentRiverRace(new Date(at).getTime());

describe('simulated river race timeline', () => {
  it('seasons start on the first Monday with a reset between 09:20 and 10:15 UTC; 3 training then 4 battle days', () => {
    const s = state();
    const day0 = s.period(new Date('2026-12-07T12:00:00Z'));
    expect(day0).toMatchObject({ seasonId: 139, sectionIndex: 0, periodIndex: 0, periodType: 'training' });
    const minutes = day0.end.getUTCHours() * 60 + day0.end.getUTCMinutes();
    expect(minutes).toBeGreaterThanOrEqual(9 * 60 + 20);
    expect(minutes).toBeLessThanOrEqual(10 * 60 + 15);
    expect(s.period(new Date('2026-12-10T12:00:00Z'))).toMatchObject({ periodIndex: 3, periodType: 'warDay' });
    // 03:00 UTC on Friday is still Thursday's battle day (docs/clash-royale-api.md §7.2).
    expect(s.period(new Date('2026-12-11T03:00:00Z')).periodIndex).toBe(3);
  });

  it('the last week of a season is colosseum and its battle days never enter periodLogs', () => {
    const s = state();
    const col = s.period(new Date('2026-12-04T12:00:00Z'));
    expect(col).toMatchObject({ seasonId: 138, sectionIndex: 4, periodType: 'colosseum', isColosseumWeek: true });
    const live = race(s, '2026-12-06T12:00:00Z');
    expect(live.periodType).toBe('colosseum');
    expect(live.periodLogs.map((p) => p.periodIndex)).toEqual([
      3, 4, 5, 6, 10, 11, 12, 13, 17, 18, 19, 20, 24, 25, 26, 27,
    ]);
    expect(live.clan.fame).toBe(live.clan.participants.reduce((sum, p) => sum + p.fame, 0));
    expect(live.clan.periodPoints).toBe(0);
  });

  it('decksUsedToday resets at the reset; decksUsed adds up the battle days of the week', () => {
    const s = state();
    const lastDay = s.period(new Date('2026-11-22T12:00:00Z'));
    const beforeReset = race(s, new Date(lastDay.start.getTime() - 1));
    expect(beforeReset.clan.participants.some((p) => p.decksUsedToday > 0)).toBe(true);
    const afterReset = race(s, lastDay.start);
    expect(afterReset.clan.participants.every((p) => p.decksUsedToday === 0)).toBe(true);
    const endOfWeek = race(s, new Date(lastDay.end.getTime() - 1));
    for (const p of endOfWeek.clan.participants) {
      const expected = [17, 18, 19, 20].reduce((sum, k) => sum + s.decksUsedOn(p.tag, lastDay.seasonId, k), 0);
      expect(p.decksUsed, p.name).toBe(expected);
      expect(p.decksUsed).toBeLessThanOrEqual(16);
    }
    const nextWeek = race(s, lastDay.end);
    expect(nextWeek.sectionIndex).toBe(lastDay.sectionIndex + 1);
    expect(nextWeek.clan.participants.every((p) => p.decksUsed === 0 && p.fame === 0)).toBe(true);
  });

  it('chronically inactive members never use a deck; an added attack shows up at once', () => {
    const s = state();
    const at = new Date('2026-11-20T15:00:00Z');
    const day = s.period(at);
    const idle = s.inactiveTags()[0]!;
    expect(s.decksUsedOn(idle, day.seasonId, day.periodIndex)).toBe(0);
    const before = race(s, at).clan.participants.find((p) => p.tag === idle)!;
    expect(before).toMatchObject({ decksUsedToday: 0, decksUsed: 0, fame: 0 });
    s.attack(idle, new Date('2026-11-20T14:00:00Z'), 2);
    const after = race(s, at).clan.participants.find((p) => p.tag === idle)!;
    expect(after).toMatchObject({ decksUsedToday: 2, decksUsed: 2, fame: 400 });
    expect(s.decksUsedOn(idle, day.seasonId, day.periodIndex)).toBe(2);
  });

  it('members join and leave over time; leavers stay among the week participants', () => {
    const s = state();
    const now = new Date('2026-11-19T15:00:00Z');
    const tags = (at: Date) => new Set(s.membersAt(at).map((m) => m.tag));
    const later = tags(new Date(now.getTime() + 45 * 86_400_000));
    const current = tags(now);
    expect([...current].filter((t) => !later.has(t)).length).toBeGreaterThan(0);
    expect([...later].filter((t) => !current.has(t)).length).toBeGreaterThan(0);
    expect(current.size).toBeGreaterThanOrEqual(45);
    expect(current.size).toBeLessThanOrEqual(50);
  });

  it('riverracelog: 10 finished weeks, newest first, each closed at a Monday reset', () => {
    const s = state();
    const t = new Date('2026-11-19T15:00:00Z').getTime();
    const log = s.war.riverRaceLog(t, 10);
    expect(log.items).toHaveLength(10);
    expect(log.items[0]).toMatchObject({ seasonId: 138, sectionIndex: 1 });
    const dates = log.items.map((i) => i.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const item of log.items) {
      expect(item.standings).toHaveLength(5);
      expect(item.standings.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('is a pure function of seed and time', () => {
    const t = new Date('2026-11-21T18:30:00Z').getTime();
    expect(race(state(), new Date(t))).toEqual(race(state(), new Date(t)));
    expect(state().clan.clanJson(t, 0)).toEqual(state().clan.clanJson(t, 0));
    expect(new SimState(12, '#2PQ8L0C', 'Demo').clan.clanJson(t, 0)).not.toEqual(state().clan.clanJson(t, 0));
  });
});
