import { describe, expect, it } from 'vitest';
import { formatOffsets, parseOffsets } from './offsets';

describe('reminder times as the admin types them', () => {
  it('reads hours and minutes, comma separated', () => {
    expect(parseOffsets('6h, 1h 30m, 45m')).toEqual({ ok: true, minutes: [360, 90, 45] });
    expect(parseOffsets(' 2H ,90min')).toEqual({ ok: true, minutes: [120, 90] });
    expect(parseOffsets('')).toEqual({ ok: true, minutes: [] });
  });
  it('names the part it cannot read', () => {
    expect(parseOffsets('6h, soon')).toEqual({ ok: false, message: '“soon” is not a time such as 6h, 1h 30m or 45m' });
  });
  it('writes minutes back the same way', () => {
    expect(formatOffsets([360, 90, 45])).toBe('6h, 1h 30m, 45m');
  });
});
