import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';

describe('formatNumber', () => {
  it('groups thousands with commas as en-US does, and shows a dash for a missing value', () => {
    const table: [number | null | undefined, string][] = [
      [0, '0'],
      [7, '7'],
      [999, '999'],
      [1000, '1,000'],
      [12345, '12,345'],
      [100000, '100,000'],
      [1234567, '1,234,567'],
      [-1234, '-1,234'],
      [-999, '-999'],
      [1234.5, '1,234.5'],
      [null, '—'],
      [undefined, '—'],
    ];
    for (const [value, text] of table) expect(formatNumber(value), String(value)).toBe(text);
  });
});
