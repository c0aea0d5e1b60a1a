import { describe, expect, it } from 'vitest';
import { ManualClock } from '#server/lib/clock';
import { UpstreamCounters } from '#server/lib/upstream-counters';

describe('UpstreamCounters', () => {
  it('counts calls and refusals per clan over the last sixty minutes', () => {
    const clock = new ManualClock('2026-11-22T12:00:30.000Z');
    const counters = new UpstreamCounters(clock);
    for (let i = 0; i < 3; i++) counters.call('#2PQ8L0C');
    counters.refuse('#2PQ8L0C');
    counters.call('#8QJ9RV0');
    clock.set('2026-11-22T12:30:00.000Z');
    counters.call('#2PQ8L0C');
    expect(counters.lastHour()).toEqual([
      { clanTag: '#2PQ8L0C', calls: 4, refused: 1 },
      { clanTag: '#8QJ9RV0', calls: 1, refused: 0 },
    ]);
    // 12:59:59 still holds the 12:00 minute; 13:00 does not
    clock.set('2026-11-22T12:59:59.000Z');
    expect(counters.lastHour()[0]).toEqual({ clanTag: '#2PQ8L0C', calls: 4, refused: 1 });
    clock.set('2026-11-22T13:00:00.000Z');
    expect(counters.lastHour()).toEqual([{ clanTag: '#2PQ8L0C', calls: 1, refused: 0 }]);
  });

  it('reuses a minute slot an hour later without carrying its old count', () => {
    const clock = new ManualClock('2026-11-22T12:05:00.000Z');
    const counters = new UpstreamCounters(clock);
    counters.call('#2PQ8L0C');
    counters.call('#2PQ8L0C');
    clock.set('2026-11-22T13:05:10.000Z');
    counters.call('#2PQ8L0C');
    expect(counters.lastHour()).toEqual([{ clanTag: '#2PQ8L0C', calls: 1, refused: 0 }]);
    clock.set('2026-11-22T15:00:00.000Z');
    expect(counters.lastHour()).toEqual([]);
  });

  it('keeps each clan’s calls since start, and the busiest minute of the last hour across clans', () => {
    const clock = new ManualClock('2026-11-22T12:00:10.000Z');
    const counters = new UpstreamCounters(clock);
    counters.call('#2PQ8L0C');
    counters.call('#8QJ9RV0');
    counters.call('#8QJ9RV0');
    clock.set('2026-11-22T12:01:00.000Z');
    counters.call('#2PQ8L0C');
    counters.refuse('#8QJ9RV0');
    expect(counters.busiestMinute()).toBe(3);
    clock.set('2026-11-22T14:00:00.000Z');
    counters.call('#2PQ8L0C');
    expect(counters.busiestMinute()).toBe(1);
    expect(counters.sinceStart()).toEqual([
      { clanTag: '#2PQ8L0C', calls: 3, refused: 0 },
      { clanTag: '#8QJ9RV0', calls: 2, refused: 1 },
    ]);
  });
});
