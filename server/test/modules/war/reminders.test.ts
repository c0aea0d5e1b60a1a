import { describe, expect, it } from 'vitest';
import { decksLeftToday } from '#server/modules/war/decks-left';
import { observedResets, predictNextReset } from '#server/modules/war/reset-prediction';
import { fixtureMembers, fixtureSnapshot } from '../../helpers/cr-fixtures.js';

const at = (iso: string) => new Date(iso);
const snap = (iso: string, periodIndex: number, seasonId = 138) => ({
  takenAt: at(iso),
  seasonId,
  sectionIndex: Math.floor(periodIndex / 7),
  periodIndex,
});

describe('resets seen in the snapshots', () => {
  it('bounds each reset between two snapshots one day apart, and ignores wide gaps', () => {
    const resets = observedResets([
      snap('2026-11-19T09:30:00Z', 24),
      snap('2026-11-19T09:45:00Z', 25), // reset in (09:30, 09:45]
      snap('2026-11-19T14:00:00Z', 25),
      snap('2026-11-20T09:30:00Z', 25),
      snap('2026-11-20T12:00:00Z', 26), // 2.5 h apart: too wide
      snap('2026-11-23T09:40:00Z', 27),
      snap('2026-11-23T10:00:00Z', 0, 139), // a new season: period 0
    ]);
    expect(resets.map((r) => [r.after.toISOString().slice(11, 16), r.by.toISOString().slice(11, 16)])).toEqual([
      ['09:30', '09:45'],
      ['09:40', '10:00'],
    ]);
  });

  it('predicts the next reset from the median time of day of recent ones, with its margin', () => {
    const day = (d: number, from: string, to: string) => ({
      after: at(`2026-11-${d}T${from}:00Z`),
      by: at(`2026-11-${d}T${to}:00Z`),
    });
    const resets = [
      day(17, '09:30', '09:40'),
      day(18, '09:40', '09:50'),
      day(19, '09:30', '09:40'),
      day(20, '11:00', '11:10'),
    ];
    const p = predictNextReset(resets, at('2026-11-20T15:00:00Z'))!;
    // midpoints 09:35, 09:45, 09:35, 11:05 (maintenance): median 09:45, the outlier only widens the margin
    expect(p.at.toISOString()).toBe('2026-11-21T09:45:00.000Z');
    expect(p.margin).toBe((80 + 5) * 60_000);
    expect(p.basis).toBe(4);
    expect(predictNextReset(resets.slice(0, 1), at('2026-11-20T15:00:00Z'))).toBeNull();
  });
});

describe('decks left today, from the recorded mid-day battle-day snapshot', () => {
  // currentriverrace.warday-inprogress.json: battle day 2 of season 128, nobody finished.
  const snapshot = fixtureSnapshot('currentriverrace.warday-inprogress.json', at('2026-01-23T19:38:00Z'), 128);
  it('groups current members by decks used today, and counts a member missing from the race as 0', () => {
    const inRace = snapshot.participants.slice(0, 6).map((p) => ({ tag: p.tag, name: p.name }));
    const roster = [...inRace, { tag: '#NOTINRACE', name: 'Newcomer' }];
    const left = decksLeftToday(snapshot, roster)!;
    expect(left.day).toBe(2);
    const expected = new Map<number, string[]>();
    for (const p of snapshot.participants.slice(0, 6)) {
      if (p.decksUsedToday < 4) expected.set(p.decksUsedToday, [...(expected.get(p.decksUsedToday) ?? []), p.tag]);
    }
    expected.set(0, [...(expected.get(0) ?? []), '#NOTINRACE']);
    expect(new Map(left.groups.map((g) => [g.used, g.players.map((p) => p.tag).sort()]))).toEqual(
      new Map([...expected].map(([k, v]) => [k, v.sort()])),
    );
  });
  it('says nothing on a training day, after the finish line, or when everyone is done', () => {
    const members = fixtureMembers();
    expect(
      decksLeftToday(fixtureSnapshot('currentriverrace.training.json', at('2026-07-01T15:00:00Z')), members),
    ).toBeNull();
    expect(decksLeftToday(fixtureSnapshot('currentriverrace.json', at('2026-06-28T20:00:00Z')), members)).toBeNull();
    const done = snapshot.participants.filter((p) => p.decksUsedToday === 4).map((p) => ({ tag: p.tag, name: p.name }));
    expect(done.length).toBeGreaterThan(0);
    expect(decksLeftToday(snapshot, done)).toBeNull();
  });
});
