import { describe, expect, it } from 'vitest';
import { upstreamUsageLines } from './upstream-usage';

const base = { reachable: true, currentIp: null, checkedAt: null, detail: null };

describe('upstreamUsageLines', () => {
  it('reads the last hour and the budget of the one clan', () => {
    const cr = {
      ...base,
      lastHour: [{ clanTag: '#2PQ8L0C', calls: 1234, refused: 0 }],
      budget: { perMinute: 300, available: 12 },
    };
    expect(upstreamUsageLines(cr)).toEqual(['Clash Royale API: 1,234 calls in the last hour (budget 300 a minute)']);
  });

  it('names each clan when there are several, and the calls the budget refused', () => {
    const cr = {
      ...base,
      lastHour: [
        { clanTag: '#2PQ8L0C', calls: 1, refused: 0 },
        { clanTag: '#8QJ9RV0', calls: 60, refused: 7 },
      ],
      budget: { perMinute: 10, available: 0 },
    };
    expect(upstreamUsageLines(cr)).toEqual([
      'Clash Royale API for #2PQ8L0C: 1 call in the last hour (budget 10 a minute)',
      'Clash Royale API for #8QJ9RV0: 60 calls in the last hour (budget 10 a minute) · 7 refused: the budget was spent',
    ]);
  });

  it('says so when no call was made, and nothing for an older server', () => {
    expect(upstreamUsageLines({ ...base, lastHour: [], budget: { perMinute: 300, available: 300 } })).toEqual([
      'Clash Royale API: no calls in the last hour (budget 300 a minute)',
    ]);
    expect(upstreamUsageLines({ ...base })).toEqual([]);
    expect(upstreamUsageLines(null)).toEqual([]);
  });
});
