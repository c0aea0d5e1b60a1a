import type { Page, Route } from '@playwright/test';
import type {
  ClanRankingsResponse,
  ClanResponse,
  LeaderResponse,
  Member,
  MembersResponse,
  MonthlyChampion,
} from '#contracts/public';
import type { LastWarResponse } from '#contracts/war-insights';
import { DEFAULT_WAR_RULES, warRuleTexts } from '#contracts/war-rules';

/**
 * Browser-side stand-ins for the public API (page.route), for states the demo simulator
 * cannot be steered into from a browser test: exact rosters for sorting and labels, ties
 * between champions, a full clan, failing endpoints.
 */
const meta = { asOf: '2026-07-01T12:00:00.000Z', demo: true, stale: false };

export const clan = (members = 47): ClanResponse => ({
  tag: '#2PQ8L0C',
  name: 'ClanOps Royale',
  description: 'Demo clan',
  type: 'open',
  requiredTrophies: 5000,
  locationName: 'Netherlands',
  clanScore: 61234,
  members,
  clanWarTrophies: 4321,
  donationsPerWeek: 8765,
  ...meta,
});

export const rankings: ClanRankingsResponse = {
  localRank: 12,
  localTrophyRank: null,
  globalRank: 845,
  globalTrophyRank: null,
  locationName: 'Netherlands',
  ...meta,
};

export const leader: LeaderResponse = {
  name: 'Lantern',
  tag: '#LEAD',
  expLevel: 60,
  trophies: 9000,
  bestTrophies: 9100,
  polLeagueNumber: 5,
  ...meta,
};

const m = (name: string, over: Partial<Member>): Member => ({
  playerTag: `#${name.replace(/[^A-Z0-9]/gi, '').toUpperCase()}`,
  name,
  role: 'member',
  trophies: 6000,
  bestTrophies: 6500,
  polLeagueNumber: null,
  polTrophies: null,
  mergeTacticsScore: 500,
  mergeTacticsArena: 'Arena 3',
  donations: 100,
  wins: 100,
  losses: 100,
  expLevel: 45,
  ...over,
});

/** Each row differs on every column so every sort has one right answer. */
export const ROSTER: Member[] = [
  m('<c7>Lantern', {
    playerTag: '#9YRJ0G',
    role: 'leader',
    polLeagueNumber: 7,
    polTrophies: 2100,
    trophies: 9500,
    bestTrophies: 9800,
    mergeTacticsScore: 1500,
    donations: 420,
    wins: 6000,
    losses: 3000,
    expLevel: 66,
  }),
  m('Bravo', {
    role: 'coleader',
    polLeagueNumber: 5,
    polTrophies: 400,
    trophies: 8800,
    bestTrophies: 9000,
    mergeTacticsScore: 900,
    donations: 380,
    wins: 4100,
    losses: 4000,
    expLevel: 60,
  }),
  m('charlie', {
    role: 'elder',
    polLeagueNumber: 1,
    polTrophies: 0,
    trophies: 7300,
    bestTrophies: 7700,
    mergeTacticsScore: null,
    donations: 10,
    wins: 7,
    losses: 3,
    expLevel: 52,
  }),
  m('Delta', {
    role: 'elder',
    polLeagueNumber: null,
    trophies: 5600,
    bestTrophies: 5900,
    mergeTacticsScore: 1100,
    donations: 250,
    wins: 800,
    losses: 1200,
    expLevel: 48,
  }),
  m('Echo', {
    polLeagueNumber: null,
    trophies: 4800,
    bestTrophies: 5100,
    mergeTacticsScore: 300,
    donations: 0,
    wins: 0,
    losses: 0,
    expLevel: 30,
  }),
  m('Foxtrot', {
    polLeagueNumber: 9,
    polTrophies: 0,
    trophies: 6200,
    bestTrophies: 10100,
    mergeTacticsScore: 700,
    donations: 90,
    wins: 1500,
    losses: 500,
    expLevel: 55,
  }),
];

export const roster = (): MembersResponse => ({ members: ROSTER, ...meta });

const c = (
  playerName: string,
  month: number,
  year: number,
  fameEarned: number,
  flags: Partial<MonthlyChampion> = {},
): MonthlyChampion => ({
  playerName,
  playerTag: `#${playerName.toUpperCase()}`,
  month,
  year,
  fameEarned,
  isCurrentChampion: false,
  isChampionOnTheRise: false,
  ...flags,
});

export const CHAMPIONS: MonthlyChampion[] = [
  c('Rising', 7, 2026, 9800, { isChampionOnTheRise: true }),
  c('Bravo', 6, 2026, 14200, { isCurrentChampion: true }),
  c('Delta', 6, 2026, 14200),
  c('charlie', 5, 2026, 12100),
];

export type Overrides = Partial<Record<string, unknown | { status: number; body: unknown }>>;

/**
 * The server paints the public pages with the data it has (docs/decisions/170-pages-painted-on-the-server.md); a test
 * that answers the API itself gets each page as the app renders it alone, the painted content and its data taken out,
 * so every section reads the answers below.
 */
export async function unpaintedPages(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const painted = await response.text();
    const body = painted.replace(
      /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="page-state">[\s\S]*?<\/script>/,
      '<div id="root"></div>',
    );
    return route.fulfill({ response, body });
  });
}

/** Answers every public endpoint; an override replaces one body, or `{ status, body }` fails it. */
export async function mockPublicApi(page: Page, overrides: Overrides = {}): Promise<void> {
  await unpaintedPages(page);
  const bodies: Record<string, unknown> = {
    '/api/clan': clan(),
    '/api/clan/rankings': rankings,
    '/api/leader': leader,
    '/api/clan/members': roster(),
    '/api/clan/monthly-champions': CHAMPIONS,
    '/api/clan/highest-war-week': { totalFame: 182400, weekTitle: 'Season 133 · Week 4 · Jun 22–29, 2026' },
    '/api/clan/highest-war-day': { pointsEarned: 41200, dayTitle: 'Season 133 · Week 4 · Day 3' },
    '/api/clan/war/best-fame': {
      playerName: '<c3>Bravo',
      playerTag: '#BRAVO',
      fame: 3600,
      weekTitle: 'Season 133 · Week 2',
    },
    '/api/clan/war/last-war': LAST_WAR,
    '/api/clan/war/rules': { rules: warRuleTexts(DEFAULT_WAR_RULES) },
    '/api/current-ip': { currentIP: '203.0.113.7' },
    ...overrides,
  };
  await page.route(
    (url) => url.pathname in bodies,
    (route: Route) => {
      const body = bodies[new URL(route.request().url()).pathname];
      if (isFailure(body)) return route.fulfill({ status: body.status, json: body.body });
      return route.fulfill({ json: body });
    },
  );
}

const LAST_WAR: LastWarResponse = {
  weeks: [
    { seasonId: 133, sectionIndex: 2, title: 'Season 133 · Week 3 · Jun 15–22, 2026', totalFame: 171200 },
    { seasonId: 133, sectionIndex: 3, title: 'Season 133 · Week 4 · Jun 22–29, 2026', totalFame: 182400 },
    { seasonId: 134, sectionIndex: 0, title: 'Season 134 · Week 1 · Jun 29–Jul 6, 2026', totalFame: 168900 },
  ],
  newest: {
    title: 'Season 134 · Week 1 · Jun 29–Jul 6, 2026',
    clanRank: 1,
    top: [
      { rank: 1, name: 'Bravo', fame: 3600 },
      { rank: 2, name: 'Alpha', fame: 3400 },
      { rank: 3, name: 'Charlie', fame: 3200 },
      { rank: 4, name: 'Delta', fame: 3000 },
      { rank: 5, name: 'Echo', fame: 2800 },
    ],
  },
  asOf: '2026-07-06T11:00:00.000Z',
  demo: true,
  stale: false,
};

export const fail = (status: number, error: string) => ({
  status,
  body: { error, code: 'UPSTREAM_UNAVAILABLE' },
  __failure: true,
});

function isFailure(v: unknown): v is { status: number; body: unknown } {
  return typeof v === 'object' && v !== null && '__failure' in v;
}
