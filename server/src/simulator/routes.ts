import { normaliseClanTag } from '../lib/clan-tag.js';
import type { SimRoute } from './faults.js';
import { playerJson } from './player-payloads.js';
import { DEMO_LOCATION, LOCATIONS, rankingJson } from './rankings.js';
import type { SimState } from './state.js';

export interface SimAnswer {
  status: number;
  body: unknown;
  maxAge?: number;
}

const notFound: SimAnswer = { status: 404, body: { reason: 'notFound' } };
const badRequest = (message: string): SimAnswer => ({ status: 400, body: { reason: 'badRequest', message } });

const PATTERNS: [RegExp, SimRoute][] = [
  [/^\/clans\/([^/]+)$/, 'clan'],
  [/^\/clans\/([^/]+)\/members$/, 'members'],
  [/^\/clans\/([^/]+)\/currentriverrace$/, 'currentriverrace'],
  [/^\/clans\/([^/]+)\/riverracelog$/, 'riverracelog'],
  [/^\/players\/([^/]+)$/, 'player'],
  [/^\/locations$/, 'locations'],
  [/^\/locations\/([^/]+)\/rankings\/clans$/, 'clanRankings'],
  [/^\/locations\/([^/]+)\/rankings\/clanwars$/, 'clanWarRankings'],
  [/^\/rankings\/clanwars$/, 'clanWarRankings'],
];

export function matchRoute(path: string): { route: SimRoute; param: string | undefined } | null {
  for (const [pattern, route] of PATTERNS) {
    const m = pattern.exec(path);
    if (m) return { route, param: m[1] === undefined ? undefined : safeDecode(m[1]) };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function limitOf(query: URLSearchParams, fallback: number): number | SimAnswer {
  const raw = query.get('limit');
  if (raw === null) return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : badRequest("Invalid 'limit' parameter used in the request");
}

/** The body of one simulator endpoint at time `t`; max-age follows the real API (docs/clash-royale-api.md §3). */
export function answer(
  state: SimState,
  route: SimRoute,
  param: string | undefined,
  query: URLSearchParams,
  t: number,
): SimAnswer {
  const at = new Date(t);
  const clan = state.clanState(normaliseClanTag(param ?? '') ?? '');
  if (['clan', 'members', 'currentriverrace', 'riverracelog'].includes(route) && !clan) return notFound;
  switch (route) {
    case 'clan':
      return { status: 200, body: clan!.clan.clanJson(t, clan!.war.warTrophiesAt(t)), maxAge: 120 };
    case 'members':
      return { status: 200, body: clan!.clan.membersJson(t), maxAge: 120 };
    case 'currentriverrace':
      return { status: 200, body: clan!.war.currentRiverRace(t), maxAge: 120 };
    case 'riverracelog': {
      const limit = limitOf(query, 10);
      return typeof limit === 'number' ? { status: 200, body: clan!.war.riverRaceLog(t, limit), maxAge: 60 } : limit;
    }
    case 'player': {
      const player = state.findPlayer(normaliseClanTag(param ?? '') ?? '', at);
      if (!player) return notFound;
      return {
        status: 200,
        body: playerJson(
          state.seed,
          player,
          t,
          state.playerClan(player, t),
          state.period(at).seasonId,
          state.cards.loadout(player.tag, player.id),
        ),
        maxAge: 60,
      };
    }
    case 'locations':
      return { status: 200, body: { items: LOCATIONS, paging: { cursors: {} } }, maxAge: 600 };
    case 'clanRankings':
    case 'clanWarRankings':
      return rankings(state, route, param ?? 'global', query, t);
  }
}

function rankings(
  state: SimState,
  route: SimRoute,
  locationParam: string,
  query: URLSearchParams,
  t: number,
): SimAnswer {
  const location = locationParam === 'global' ? null : LOCATIONS.find((l) => String(l.id) === locationParam);
  if (location === undefined) return badRequest('Invalid locationId');
  const limit = limitOf(query, 200);
  if (typeof limit !== 'number') return limit;
  const wars = route === 'clanWarRankings';
  // Every clan served ranks by its own score (a family's feeders too, when high enough).
  const ours = state.clans.map(({ clan: payloads, war }) => {
    const clan = payloads.clanJson(t, war.warTrophiesAt(t));
    return {
      tag: clan.tag,
      name: clan.name,
      score: wars ? clan.clanWarTrophies : clan.clanScore,
      members: clan.members,
    };
  });
  const listed = location === null || location.id === DEMO_LOCATION.id;
  const top = (wars ? 6500 : 140_000) * (location === null ? 2 : 1);
  const size = Math.min(limit, 200);
  const body = rankingJson(
    state.seed,
    route,
    location,
    top,
    listed ? ours : ours.map((c) => ({ ...c, score: -1 })),
    size,
  );
  if (!listed) body.items = body.items.filter((i) => !ours.some((c) => c.tag === i.tag));
  return { status: 200, body, maxAge: 60 };
}
