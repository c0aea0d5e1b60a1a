import { describe, expect, it } from 'vitest';
import { formatWinRate, winRate } from './win-rate';

describe('win rate', () => {
  it.each([
    [1, 2, '33.3%'],
    [2, 1, '66.7%'],
    [10, 0, '100.0%'],
    [0, 4, '0.0%'],
    [1234, 1000, '55.2%'],
  ])('%i wins, %i losses → %s', (wins, losses, text) => {
    expect(formatWinRate(wins, losses)).toBe(text);
  });

  it('shows a dash with no games', () => {
    expect(winRate(0, 0)).toBeNull();
    expect(formatWinRate(null, null)).toBe('—');
  });
});
