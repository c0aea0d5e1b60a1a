/**
 * The river race's rules as the game plays them, in one place. Each value and its source is in
 * docs/clash-royale-api.md §7 ("The game's constants" lists them); change them there and here together.
 */

/** War decks a player may use per battle day (§7.3). */
export const DECKS_PER_DAY = 4;
/** Battle days of a week: Thursday to Sunday (§7.1). */
export const BATTLE_DAYS = 4;
/** A clan's most distinct participants on one day (§7.3): 50 × 4 = 200 decks. */
export const MAX_PLAYERS_PER_DAY = 50;
/** The boat's finish line in a normal week (§7.4); colosseum weeks have none (§7.5). */
export const FINISH_LINE = 10_000;
/** Boat placement at each battle day's close, by the day's rank by medals; 0 medals earn nothing (§7.4). */
export const PLACEMENT = [3000, 1800, 1000, 600, 400] as const;
/** Medals per 1v1 battle (§7.4, community figures consistent with every recording). */
export const MEDALS_1V1 = { win: 200, loss: 100 } as const;
/** Medals per duel game (§7.4). */
export const MEDALS_DUEL = { win: 250, loss: 100 } as const;
/** A player's most medals on one battle day: a 2–0 duel and two 1v1 wins (§7.4). */
export const MAX_MEDALS_PER_DAY = 900;
