import { describe, expect, it } from 'vitest';
import { givenOnCommandLine } from '#server/lib/command-line-flags';

describe('givenOnCommandLine', () => {
  it('finds a V8 flag given with a value, negated or bare, spelled with dashes or underscores', () => {
    expect(givenOnCommandLine('semi-space-growth-factor', ['--semi-space-growth-factor=2'])).toBe(true);
    expect(givenOnCommandLine('semi-space-growth-factor', ['--semi_space_growth_factor=2'])).toBe(true);
    expect(givenOnCommandLine('optimize-for-size', ['--no-optimize-for-size'])).toBe(true);
    expect(givenOnCommandLine('optimize-for-size', ['--v8-pool-size=1', '--optimize-for-size'])).toBe(true);
  });

  it('does not take another flag for it', () => {
    expect(givenOnCommandLine('optimize-for-size', ['--v8-pool-size=1'])).toBe(false);
    expect(givenOnCommandLine('semi-space-growth-factor', ['--max-semi-space-size=16'])).toBe(false);
    expect(givenOnCommandLine('optimize-for-size', [])).toBe(false);
  });
});
