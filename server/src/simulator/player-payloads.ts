import { DAY } from './calendar.js';
import { cardsJson, type PlayerLoadout } from './player-cards.js';
import { rand, randInt } from './random.js';
import type { SimPlayer } from './roster.js';

const TROPHY_ARENAS: [number, { id: number; name: string; rawName: string }][] = [
  [12000, { id: 54000141, name: 'Magic Academy', rawName: 'Arena_L15' }],
  [10000, { id: 54000132, name: 'Summit of Heroes', rawName: 'Arena_L14' }],
  [8000, { id: 54000117, name: 'Lumberlove Cabin', rawName: 'Arena_L11' }],
  [6500, { id: 54000056, name: "Rascal's Hideout", rawName: 'Arena_L9' }],
  [0, { id: 54000055, name: 'Royal Arena', rawName: 'Arena_L7' }],
];
const MERGE_ARENAS = [
  'Bronze I',
  'Bronze II',
  'Bronze III',
  'Silver I',
  'Silver II',
  'Silver III',
  'Gold I',
  'Gold II',
  'Gold III',
  'Crystal',
  'Legend',
];

export function trophyArena(trophies: number) {
  return TROPHY_ARENAS.find(([min]) => trophies >= min)![1];
}

/** Trophies drift day by day and saturate at the Trophy Road cap (docs/clash-royale-api.md §6.1). */
export function trophiesAt(seed: number, p: SimPlayer, t: number): number {
  const days = t / DAY;
  const wave = Math.sin(days / 9 + rand(seed, 'wave', p.id) * 6.28) * 150;
  return Math.min(14_000, Math.max(4000, Math.round(p.baseTrophies + wave + (days % 1) * 10)));
}

function pathOfLegend(seed: number, p: SimPlayer, seasonId: number) {
  const r = rand(seed, 'ranked', p.id);
  if (r < 0.05) return null;
  // Unranked players read {1, 0, null} (fixture player.json).
  if (r < 0.2) return { leagueNumber: 1, trophies: 0, rank: null };
  const base = 1 + Math.floor(rand(seed, 'league', p.id) * 7);
  const league = Math.min(7, Math.max(1, base + randInt(seed, -1, 1, 'league-move', p.id, seasonId)));
  const rating = league === 7 ? 1500 + randInt(seed, 0, 1700, 'rating', p.id, seasonId) : 0;
  return {
    leagueNumber: league,
    trophies: rating,
    rank: league === 7 && rating > 3000 ? randInt(seed, 1, 5000, 'rank', p.id) : null,
  };
}

function mergeBucket(seed: number, p: SimPlayer, key: string, season: string) {
  const trophies = randInt(seed, 0, 3300, 'mt', p.id, key);
  const index = Math.min(MERGE_ARENAS.length - 1, Math.floor(trophies / 300));
  return {
    arena: { id: 168000050 + index * 7, name: MERGE_ARENAS[index]!, rawName: `AutoChessArena${index + 1}_${season}` },
    trophies,
    bestTrophies: trophies + randInt(seed, 0, 120, 'mt-best', p.id, key),
  };
}

/** Side-mode buckets (§9): the current Merge Tactics key is not always the last one. */
function progress(seed: number, p: SimPlayer, t: number) {
  const d = new Date(t);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const ym = `${year}${String(month).padStart(2, '0')}`;
  const seasonNumber = 12 * (year - 2026) + month + 2;
  const out: Record<string, unknown> = {
    '': {
      arena: { id: 168000050, name: 'Bronze I', rawName: 'AutoChessArena1_2025_Oct' },
      trophies: 0,
      bestTrophies: 0,
    },
  };
  const mode = rand(seed, 'mt-mode', p.id);
  if (mode >= 0.25 && mode < 0.35) out['AutoChess_2026_Mar'] = mergeBucket(seed, p, 'AutoChess_2026_Mar', '2026_Mar');
  const current = `AutoChess_${year}_Season_${seasonNumber}`;
  if (mode >= 0.35) out[current] = mergeBucket(seed, p, current, `${year}_Season_${seasonNumber}`);
  out[`seasonal-trophy-road-${ym}`] = {
    arena: { id: 168000174, name: 'Seasonal Arena I', rawName: `SeasonalArenas_${ym}_Arena1` },
    trophies: 14000,
    bestTrophies: 0,
  };
  if (mode >= 0.6) {
    const older = `AutoChess_${year}_Season_${seasonNumber - 1}`;
    out[older] = mergeBucket(seed, p, older, `${year}_Season_${seasonNumber - 1}`);
  }
  return out;
}

const TOWER = {
  name: 'Tower Princess',
  id: 159000000,
  level: 15,
  maxLevel: 16,
  rarity: 'common',
  count: 0,
  iconUrls: { medium: 'https://api-assets.clashroyale.com/cards/300/159000000.png' },
};

/** GET /players/{tag} in the recorded key order (fixture player.json). */
export function playerJson(
  seed: number,
  p: SimPlayer,
  t: number,
  clan: { tag: string; name: string; role: string | null },
  seasonId: number,
  loadout: PlayerLoadout,
) {
  const deck = cardsJson(loadout, (c) => c.maxLevel - randInt(seed, 0, 3, 'level', p.id, c.id));
  const trophies = trophiesAt(seed, p, t);
  const days = Math.floor((t - Date.UTC(2024, 0, 1)) / DAY);
  const wins = 900 + randInt(seed, 0, 4000, 'wins', p.id) + Math.floor(days * (p.activity + 0.2) * 3);
  const losses = Math.round(wins * (0.55 + 0.3 * rand(seed, 'losses', p.id)));
  return {
    tag: p.tag,
    name: p.name,
    expLevel: p.expLevel,
    trophies,
    bestTrophies: Math.min(14_000, p.baseTrophies + 150 + randInt(seed, 0, 400, 'best', p.id)),
    wins,
    losses,
    battleCount: wins + losses + randInt(seed, 0, 300, 'draws', p.id),
    threeCrownWins: Math.round(wins * 0.4),
    challengeCardsWon: 0,
    challengeMaxWins: randInt(seed, 0, 20, 'cmw', p.id),
    tournamentCardsWon: 0,
    tournamentBattleCount: randInt(seed, 0, 50, 'tbc', p.id),
    currentWinLoseStreak: randInt(seed, -3, 3, 'streak', p.id, days),
    ...(clan.role ? { role: clan.role } : {}),
    donations: randInt(seed, 0, 400, 'don', p.id, days),
    donationsReceived: randInt(seed, 0, 300, 'don-r', p.id, days),
    totalDonations: 2000 + randInt(seed, 0, 60_000, 'total-don', p.id),
    warDayWins: randInt(seed, 0, 300, 'wdw', p.id),
    clanCardsCollected: 0,
    ...(clan.role ? { clan: { tag: clan.tag, name: clan.name, badgeId: 16000107 } } : {}),
    arena: trophyArena(trophies),
    badges: [
      {
        name: 'ClanWarWins',
        level: 3,
        maxLevel: 8,
        progress: 120,
        target: 250,
        iconUrls: { large: 'https://api-assets.clashroyale.com/playerbadges/512/clanwar.png' },
      },
    ],
    achievements: [{ name: 'Team Player', stars: 3, value: 1, target: 1, info: 'Join a Clan', completionInfo: null }],
    cards: deck.cards,
    supportCards: [TOWER],
    currentDeck: deck.currentDeck,
    currentDeckSupportCards: [TOWER],
    currentFavouriteCard: deck.currentFavouriteCard,
    starPoints: randInt(seed, 0, 200_000, 'star', p.id),
    expPoints: randInt(seed, 0, 20_000, 'xp', p.id),
    legacyTrophyRoadHighScore: null,
    currentPathOfLegendSeasonResult: pathOfLegend(seed, p, seasonId),
    lastPathOfLegendSeasonResult: pathOfLegend(seed, p, seasonId - 1),
    bestPathOfLegendSeasonResult: {
      leagueNumber: 4 + randInt(seed, 0, 6, 'best-league', p.id),
      trophies: 0,
      rank: null,
    },
    progress: progress(seed, p, t),
    totalExpPoints: 100_000 + p.expLevel * 5000,
  };
}
