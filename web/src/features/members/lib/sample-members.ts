import type { Member } from '../../../../../contracts/public';

/** SPEC.md §8: shown, with a note, when the members fetch fails. One of each role. */
export const SAMPLE_MEMBERS: readonly Member[] = [
  { playerTag: '#SAMPLE1', name: 'Sample Leader', role: 'leader', trophies: 9120, bestTrophies: 9350, polLeagueNumber: 6, polTrophies: 1850, mergeTacticsScore: 1480, mergeTacticsArena: 'Arena 8', donations: 412, wins: 5210, losses: 3380, expLevel: 62 },
  { playerTag: '#SAMPLE2', name: 'Sample Co-leader', role: 'coleader', trophies: 8640, bestTrophies: 8900, polLeagueNumber: 4, polTrophies: 900, mergeTacticsScore: 1210, mergeTacticsArena: 'Arena 6', donations: 356, wins: 4105, losses: 3020, expLevel: 58 },
  { playerTag: '#SAMPLE3', name: 'Sample Elder', role: 'elder', trophies: 7330, bestTrophies: 7600, polLeagueNumber: null, polTrophies: null, mergeTacticsScore: 760, mergeTacticsArena: 'Arena 4', donations: 198, wins: 2890, losses: 2410, expLevel: 51 },
  { playerTag: '#SAMPLE4', name: 'Sample Member', role: 'member', trophies: 4620, bestTrophies: 4800, polLeagueNumber: null, polTrophies: null, mergeTacticsScore: null, mergeTacticsArena: null, donations: 64, wins: 0, losses: 0, expLevel: 38 },
];
