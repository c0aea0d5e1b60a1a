/** Member names with the spread real clans show: Unicode, emoji, in-game colour markup (CR-API-NOTES §5). */
export const PLAYER_NAMES = [
  'Atternam', 'Nico', 'shimmeringhost', '<c7>Nova', 'José María', 'Zoë ✨', '🔥Blaze🔥', '王者之心', 'Дмитрий',
  'ملك الحرب', 'Ærøskøbing', 'p2w_gtr0410', 'Luc_nfr', 'Yzzy the best ¿', 'TDuck', 'sniperhendo', 'Vijay',
  'Aaqib Javed', 'Kaito 🐉', 'Łukasz', 'Ça va', 'ʕ•ᴥ•ʔ', 'Mega Knight Main', '<c2>Red</c>Baron', 'Señorita',
  'Hog Rider 99', 'Sparky', 'ぷりんせす', '김민준', 'Ολυμπία', 'Nguyễn Văn A', '💀 Skelly 💀', 'x_Witch_x', 'Ümit',
  'Lumberjack', 'Frostbyte', 'Goblin King', 'Prince Ali', 'miner ⛏', 'Ice Spirit', 'RoyalGhost', 'BarbBarrel',
  'Tesla Coil', 'Elixir Pump', 'Princess 👑', 'Valkyrie', 'Bandit', 'Zap Lord', 'Log Bait', 'Golemancer', 'Archer Queen',
  'Night Witch', 'Electro Wiz', 'Cannon Cart', 'Fisherman 🎣', 'Phoenix', 'Monk', 'Mighty Miner', 'Skeleton King',
  'Goblinstein', 'Little Prince', 'Dagger Duchess', 'Rune Giant', 'Berserker', 'Void', 'Suspicious Bush',
] as const;

export const CLAN_NAMES = [
  'River Rats', 'Los Reyes ⚔', 'Elixir Bandits', 'NORDIC WOLVES', 'Les Chevaliers', 'Tribu 🔥', 'Dragones',
  'Royal Pirates', 'Legion X', 'Golden Hogs', 'Сибирь', '王国', 'Pumpkin Patch', 'Night Owls', 'Brasil Top',
  'Iron Crowns', 'Los Magos', 'Skyline', 'Arena Titans', 'Hog Riders United',
];
