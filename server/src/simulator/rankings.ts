import { CLAN_NAMES } from './names.js';
import { makeTag, randInt } from './random.js';

/** Location ids from docs/clash-royale-api.md §6.6. */
export const LOCATIONS = [
  { id: 57000000, name: 'Europe', isCountry: false },
  { id: 57000001, name: 'North America', isCountry: false },
  { id: 57000002, name: 'South America', isCountry: false },
  { id: 57000003, name: 'Asia', isCountry: false },
  { id: 57000004, name: 'Oceania', isCountry: false },
  { id: 57000005, name: 'Africa', isCountry: false },
  { id: 57000006, name: 'International', isCountry: false },
  { id: 57000038, name: 'Brazil', isCountry: true, countryCode: 'BR' },
  { id: 57000047, name: 'Canada', isCountry: true, countryCode: 'CA' },
  { id: 57000087, name: 'France', isCountry: true, countryCode: 'FR' },
  { id: 57000094, name: 'Germany', isCountry: true, countryCode: 'DE' },
  { id: 57000113, name: 'India', isCountry: true, countryCode: 'IN' },
  { id: 57000120, name: 'Italy', isCountry: true, countryCode: 'IT' },
  { id: 57000153, name: 'Mexico', isCountry: true, countryCode: 'MX' },
  { id: 57000218, name: 'Spain', isCountry: true, countryCode: 'ES' },
  { id: 57000248, name: 'United Kingdom', isCountry: true, countryCode: 'GB' },
  { id: 57000249, name: 'United States', isCountry: true, countryCode: 'US' },
  { id: 57000261, name: 'Unknown', isCountry: false },
];

export const DEMO_LOCATION = LOCATIONS.find((l) => l.id === 57000249)!;

export interface RankedClan {
  tag: string;
  name: string;
  score: number;
  members: number;
}

/**
 * A ranking list: synthetic clans whose scores fall from `top`, with our clans (one, or a family's) placed by their
 * scores when high enough to be listed.
 */
export function rankingJson(
  seed: number,
  kind: string,
  location: (typeof LOCATIONS)[number] | null,
  top: number,
  ours: readonly RankedClan[],
  size: number,
) {
  const others = Array.from({ length: size }, (_, i) => ({
    tag: makeTag(seed, 'ranked', kind, location?.id ?? 'global', i),
    name: CLAN_NAMES[(i * 7 + (location?.id ?? 3)) % CLAN_NAMES.length]!,
    score: Math.round(top * (1 - (0.6 * i) / size)),
    members: 40 + randInt(seed, 0, 10, 'ranked-members', kind, i),
  }));
  const all = [...others, ...ours].sort((a, b) => b.score - a.score).slice(0, size);
  return {
    items: all.map((c, i) => ({
      tag: c.tag,
      name: c.name,
      rank: i + 1,
      previousRank: ours.some((o) => o.tag === c.tag)
        ? Math.max(1, i + 1 + randInt(seed, -2, 2, 'prev', kind, Math.floor(c.score / 100)))
        : i + 1,
      location: location ?? LOCATIONS.find((l) => l.id === 57000006)!,
      clanScore: c.score,
      members: c.members,
      badgeId: 16000000 + (i % 180),
    })),
    paging: { cursors: {} },
  };
}
