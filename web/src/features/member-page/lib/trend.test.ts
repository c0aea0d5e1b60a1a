import { describe, expect, it } from 'vitest';
import { trendRange, trendSummary } from './trend';

describe('trend charts', () => {
  const points = [
    { label: 'W1', short: '1', value: 2400 },
    { label: 'W2', short: '2', value: null },
    { label: 'W3', short: '3', value: 1800 },
    { label: 'W4', short: '4', value: 2600 },
  ];

  it('reads the values out: start, end, highest, lowest and the gaps', () => {
    expect(trendSummary('Fame per war week', points)).toBe(
      'Fame per war week, W1 to W4: 2,400 at the start, 2,600 at the end; highest 2,600 (W4), lowest 1,800 (W3); 1 without a value.',
    );
    expect(trendSummary('Trophies', [{ label: 'Nov 1', short: '1', value: null }])).toBe('Trophies: no values yet.');
  });

  it('starts amounts at 0 and frames levels around their values, on round numbers', () => {
    expect(trendRange(points, true)).toEqual({ min: 0, max: 3000 });
    expect(trendRange([{ label: 'a', short: 'a', value: 2325 }], true)).toEqual({ min: 0, max: 2500 });
    // 1,800–2,600: steps of 500 would end at 2,500, so steps of 1,000
    expect(trendRange(points, false)).toEqual({ min: 1000, max: 3000 });
    // 11,315–11,601: steps of 200 would end at 11,600, so steps of 250 from 11,250
    const trophies = [11601, 11500, 11315].map((value) => ({ label: '', short: '', value }));
    expect(trendRange(trophies, false)).toEqual({ min: 11250, max: 11750 });
    expect(trendRange([{ label: 'a', short: 'a', value: 7000 }], false)).toEqual({ min: 6900, max: 7100 });
  });
});
