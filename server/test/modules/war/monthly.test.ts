import { describe, expect, it } from 'vitest';
import {
  aggregateMonthly,
  monthlyChampions,
  rankByFame,
  type SpotlightRow,
  type StoredWeekRow,
} from '#server/modules/war/monthly';
import { fixtureLogWeeks } from '../../helpers/cr-fixtures.js';

const row = (
  tag: string,
  fame: number,
  createdDate: string,
  name = `name ${tag}`,
  decksUsed = fame > 0 ? 4 : 0,
): StoredWeekRow => ({
  seasonId: 133,
  sectionIndex: 0,
  playerTag: tag,
  playerName: name,
  fame,
  decksUsed,
  createdDate: new Date(createdDate),
});

describe('monthly aggregation (a week counts in the New York month of its end)', () => {
  it('puts the week ending Monday 2026-06-01 09:45Z in June and the one ending 2026-05-25 in May', () => {
    const rows = aggregateMonthly([row('#A', 1000, '2026-06-01T09:45:05Z'), row('#A', 500, '2026-05-25T09:45:06Z')]);
    expect(rows.map((r) => [r.year, r.month, r.fameEarned, r.weeksCounted])).toEqual([
      [2026, 5, 500, 1],
      [2026, 6, 1000, 1],
    ]);
  });

  it('splits a hypothetical week end around New York midnight into the right months', () => {
    const rows = aggregateMonthly([row('#A', 100, '2026-07-01T03:59:00Z'), row('#A', 200, '2026-07-01T04:01:00Z')]);
    expect(rows.map((r) => [r.month, r.fameEarned])).toEqual([
      [6, 100],
      [7, 200],
    ]);
  });

  it('sums the recorded log per month, skips members who never played and is idempotent', () => {
    const stored: StoredWeekRow[] = fixtureLogWeeks().flatMap((w) =>
      w.participants.map((p) => ({
        seasonId: w.seasonId,
        sectionIndex: w.sectionIndex,
        playerTag: p.tag,
        playerName: p.name,
        fame: p.fame,
        decksUsed: p.decksUsed,
        createdDate: w.createdDate,
      })),
    );
    const once = aggregateMonthly(stored);
    expect(aggregateMonthly([...stored].reverse())).toEqual(once);
    // June 2026 holds the weeks ending Jun 1, 8, 15, 22, 29 (five Mondays).
    const june = once.filter((r) => r.year === 2026 && r.month === 6);
    expect(Math.max(...june.map((r) => r.weeksCounted))).toBe(5);
    const juneFame = stored.filter((r) => r.createdDate.getUTCMonth() === 5).reduce((n, r) => n + r.fame, 0);
    expect(june.reduce((n, r) => n + r.fameEarned, 0)).toBe(juneFame);
    const idle = [...new Set(stored.map((r) => r.playerTag))].filter((tag) =>
      stored.every((r) => r.playerTag !== tag || (r.fame === 0 && r.decksUsed === 0)),
    );
    expect(idle.length).toBeGreaterThan(0);
    expect(once.filter((r) => idle.includes(r.playerTag))).toEqual([]);
  });

  it('uses the newest name of a renamed player', () => {
    const [r] = aggregateMonthly([
      row('#A', 100, '2026-06-15T09:37:00Z', 'New'),
      row('#A', 100, '2026-06-08T09:37:00Z', 'Old'),
    ]);
    expect(r?.playerName).toBe('New');
  });
});

describe('top 20 ranking (ties share a rank)', () => {
  it('ranks 1, 2, 2, 4 and keeps every player tied on the last place', () => {
    const entries = [
      { playerTag: '#A', playerName: 'A', fameEarned: 3000 },
      { playerTag: '#B', playerName: 'B', fameEarned: 2000 },
      { playerTag: '#C', playerName: 'C', fameEarned: 2000 },
      { playerTag: '#D', playerName: 'D', fameEarned: 1000 },
    ];
    expect(rankByFame(entries).map((e) => [e.playerName, e.rank])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 2],
      ['D', 4],
    ]);
    expect(rankByFame(entries, 2).map((e) => e.playerName)).toEqual(['A', 'B', 'C']);
  });

  it('cuts at 20 and leaves out players without fame', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      playerTag: `#${i}`,
      playerName: `P${String(i).padStart(2, '0')}`,
      fameEarned: 3000 - i * 100,
    }));
    const ranked = rankByFame([...many, { playerTag: '#Z', playerName: 'Z', fameEarned: 0 }]);
    expect(ranked).toHaveLength(20);
    expect(ranked.at(-1)).toMatchObject({ rank: 20, playerName: 'P19' });
  });
});

describe('monthly champions', () => {
  const s = (year: number, month: number, tag: string, fame: number): SpotlightRow => ({
    year,
    month,
    playerTag: tag,
    playerName: `name ${tag}`,
    fameEarned: fame,
    weeksCounted: 4,
  });
  const now = new Date('2026-07-15T12:00:00Z');

  it('crowns one player of the latest completed month, flags the month in progress, and keeps ties', () => {
    const rows = [
      s(2026, 5, '#M1', 9000),
      s(2026, 5, '#M2', 9000),
      s(2026, 5, '#M3', 100),
      s(2026, 6, '#J1', 12000),
      s(2026, 6, '#J2', 12000),
      s(2026, 7, '#R1', 3000),
      s(2026, 7, '#R2', 2000),
    ];
    expect(
      monthlyChampions(rows, now).map((c) => [
        c.year,
        c.month,
        c.playerTag,
        c.fameEarned,
        c.isCurrentChampion,
        c.isChampionOnTheRise,
      ]),
    ).toEqual([
      [2026, 7, '#R1', 3000, false, true],
      [2026, 6, '#J1', 12000, true, false], // tied: same weeks, the lower tag is crowned
      [2026, 6, '#J2', 12000, false, false],
      [2026, 5, '#M1', 9000, false, false],
      [2026, 5, '#M2', 9000, false, false],
    ]);
  });

  it('crowns the tied leader who needed fewer war weeks, whatever the tags say', () => {
    const rows = [
      { ...s(2026, 6, '#A', 9000), weeksCounted: 4 },
      { ...s(2026, 6, '#B', 9000), weeksCounted: 3 },
    ];
    expect(monthlyChampions(rows, now).map((c) => [c.playerTag, c.isCurrentChampion])).toEqual([
      ['#A', false],
      ['#B', true],
    ]);
  });

  it('uses the New York month: 02:00 UTC on July 1 is still June in progress', () => {
    const rows = [s(2026, 5, '#M', 10), s(2026, 6, '#J', 10)];
    const result = monthlyChampions(rows, new Date('2026-07-01T02:00:00Z'));
    expect(result.map((c) => [c.playerTag, c.isCurrentChampion, c.isChampionOnTheRise])).toEqual([
      ['#J', false, true],
      ['#M', true, false],
    ]);
  });

  it('keeps the 12 newest months and answers [] without data', () => {
    const rows = Array.from({ length: 15 }, (_, i) => s(2025 + Math.floor(i / 12), (i % 12) + 1, `#P${i}`, 100));
    const result = monthlyChampions(rows, new Date('2026-04-10T12:00:00Z'));
    expect(result).toHaveLength(12);
    expect(result[0]).toMatchObject({ year: 2026, month: 3, isCurrentChampion: true });
    expect(result.at(-1)).toMatchObject({ year: 2025, month: 4 });
    expect(monthlyChampions([], now)).toEqual([]);
  });
});
