import { describe, expect, it } from 'vitest';
import { capacityText } from './capacity';

describe('capacityText', () => {
  it.each([
    [50, 'Clan full!'],
    [51, 'Clan full!'],
    [49, '1 open spot'],
    [47, '3 open spots'],
    [0, '50 open spots'],
  ])('%i members → %s', (members, text) => {
    expect(capacityText(members)).toBe(text);
  });
});
