import { describe, expect, it } from 'vitest';
import { readLinkToken } from './use-link-token';

describe('the token of a mailed link', () => {
  it.each([
    ['a link of this release: in the fragment', { search: '', hash: '#token=abc-DEF_123' }, 'abc-DEF_123'],
    ['a link of the previous release: in the query string', { search: '?token=old-LINK_9', hash: '' }, 'old-LINK_9'],
    ['the fragment wins when both are there', { search: '?token=query', hash: '#token=fragment' }, 'fragment'],
    ['no token', { search: '', hash: '' }, null],
    ['an empty token', { search: '', hash: '#token=' }, null],
    ['another fragment', { search: '', hash: '#top' }, null],
  ])('%s', (_name, location, expected) => {
    expect(readLinkToken(location)).toBe(expected);
  });
});
