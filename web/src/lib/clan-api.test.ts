import { describe, expect, it } from 'vitest';
import { clanEndpointQuery, familyClanApi, MAIN_CLAN_API } from './clan-api';

describe('the clan page’s API base', () => {
  it('keeps the single-clan page’s URLs (its query keys) as they were', () => {
    expect(clanEndpointQuery(MAIN_CLAN_API, '/api/clan').queryKey).toEqual(['/api/clan']);
    expect(clanEndpointQuery(MAIN_CLAN_API, '/api/clan/members').queryKey).toEqual(['/api/clan/members']);
    expect(clanEndpointQuery(MAIN_CLAN_API, '/api/clan/war/last-war').queryKey).toEqual(['/api/clan/war/last-war']);
    expect(MAIN_CLAN_API.leader).toBe('/api/leader');
  });

  it('reads a family clan’s answers under /api/clans/{tag}, with each endpoint’s freshness', () => {
    const api = familyClanApi('8QJ2YLUC', 'Demo Royale Academy');
    const members = clanEndpointQuery(api, '/api/clan/members');
    expect(members.queryKey).toEqual(['/api/clans/8QJ2YLUC/members']);
    expect(members.staleTime).toBe(5 * 60_000);
    expect(clanEndpointQuery(api, '/api/clan').queryKey).toEqual(['/api/clans/8QJ2YLUC']);
    expect(clanEndpointQuery(api, '/api/clan/war/rules').queryKey).toEqual(['/api/clans/8QJ2YLUC/war/rules']);
    expect(api.leader).toBe('/api/clans/8QJ2YLUC/leader');
    expect(api.familyHome).toBe('/');
  });
});
