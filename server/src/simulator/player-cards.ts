import { rand } from './random.js';

/** A card as the API lists it in `cards`, `currentDeck` and `currentFavouriteCard` (fixture player.json). */
export interface SimCard {
  name: string;
  id: number;
  rarity: string;
  maxLevel: number;
  elixirCost: number;
}

const CATALOGUE: SimCard[] = (
  [
    ['Knight', 26000000, 'common', 16, 3],
    ['Archers', 26000001, 'common', 16, 3],
    ['Minions', 26000005, 'common', 16, 3],
    ['Arrows', 28000001, 'common', 16, 3],
    ['Fireball', 28000000, 'rare', 14, 4],
    ['Giant', 26000003, 'rare', 14, 5],
    ['Musketeer', 26000014, 'rare', 14, 4],
    ['Mini P.E.K.K.A', 26000018, 'rare', 14, 4],
    ['Goblin Cage', 27000012, 'rare', 14, 4],
    ['Goblin Hut', 27000001, 'rare', 14, 4],
    ['Spear Goblins', 26000019, 'common', 16, 2],
    ['Goblins', 26000002, 'common', 16, 2],
    ['Wizard', 26000017, 'rare', 14, 5],
    ['Bomber', 26000013, 'common', 16, 2],
    ['Skeletons', 26000010, 'common', 16, 1],
    ['Valkyrie', 26000011, 'rare', 14, 4],
    ['Tombstone', 27000009, 'rare', 14, 3],
    ['Barbarian Barrel', 28000015, 'epic', 11, 2],
    ['Barbarians', 26000008, 'common', 16, 5],
    ['Cannon', 27000000, 'common', 16, 3],
    ['Mega Minion', 26000039, 'rare', 14, 3],
    ['Battle Ram', 26000036, 'rare', 14, 4],
    ['Fire Spirit', 26000031, 'common', 16, 1],
    ['Electro Spirit', 26000084, 'common', 16, 1],
    ['Skeleton Dragons', 26000080, 'common', 16, 4],
    ['Bomb Tower', 27000004, 'rare', 14, 4],
    ['Inferno Tower', 27000003, 'rare', 14, 5],
    ['Bats', 26000049, 'common', 16, 2],
    ['Hog Rider', 26000021, 'rare', 14, 4],
    ['Flying Machine', 26000057, 'rare', 14, 4],
    ['Rocket', 28000003, 'rare', 14, 6],
    ['Zap', 28000008, 'common', 16, 2],
    ['Mortar', 27000002, 'common', 16, 4],
    ['Magic Archer', 26000062, 'legendary', 8, 4],
    ['Witch', 26000007, 'epic', 11, 5],
    ['Skeleton Army', 26000012, 'epic', 11, 3],
    ['Goblin Barrel', 28000004, 'epic', 11, 3],
    ['Guards', 26000025, 'epic', 11, 3],
    ['Baby Dragon', 26000015, 'epic', 11, 4],
    ['Royal Giant', 26000024, 'common', 16, 6],
    ['Royal Hogs', 26000059, 'rare', 14, 5],
    ['Dark Prince', 26000027, 'epic', 11, 4],
    ['Ice Spirit', 26000030, 'common', 16, 1],
    ['Ice Golem', 26000038, 'rare', 14, 2],
    ['Freeze', 28000005, 'epic', 11, 4],
    ['Lightning', 28000007, 'epic', 11, 6],
    ['Prince', 26000016, 'epic', 11, 5],
    ['Dart Goblin', 26000040, 'rare', 14, 3],
    ['Goblin Gang', 26000041, 'common', 16, 3],
    ['Poison', 28000009, 'epic', 11, 4],
    ['Balloon', 26000006, 'epic', 11, 5],
    ['The Log', 28000011, 'legendary', 8, 2],
  ] as const
).map(([name, id, rarity, maxLevel, elixirCost]) => ({ name, id, rarity, maxLevel, elixirCost }));

export interface PlayerLoadout {
  /** every card the player owns */
  collection: SimCard[];
  /** the eight cards of the current deck */
  deck: SimCard[];
  favourite: SimCard;
}

/**
 * Each player's cards: a collection of 30 to 52 cards, a deck of eight of them and a favourite,
 * all a pure function of (seed, player). Tests change a player's favourite card and deck as the
 * player would in the game (`show`), which is how a Discord link is proven (docs/discord.md).
 */
export class PlayerCards {
  private readonly changed = new Map<string, { favourite: string; deck: string[] }>();

  constructor(private readonly seed: number) {}

  loadout(tag: string, playerId: string): PlayerLoadout {
    const ranked = [...CATALOGUE].sort(
      (a, b) => rand(this.seed, 'card', playerId, a.id) - rand(this.seed, 'card', playerId, b.id),
    );
    const size = 30 + Math.floor(rand(this.seed, 'collection', playerId) * (CATALOGUE.length - 29));
    const collection = ranked.slice(0, size);
    const change = this.changed.get(tag);
    if (change) {
      const byName = (name: string) => collection.find((c) => c.name === name)!;
      return { collection, deck: change.deck.map(byName), favourite: byName(change.favourite) };
    }
    return { collection, deck: collection.slice(0, 8), favourite: collection[Math.floor(size / 2)]! };
  }

  /**
   * Test control: the player sets `favourite` and swaps `deckCard` into the current deck (in place
   * of its last card unless it is there already). Both must be cards the player owns.
   */
  show(tag: string, playerId: string, change: { favourite?: string; deckCard?: string }): void {
    const { collection, deck, favourite } = this.loadout(tag, playerId);
    const owned = new Set(collection.map((c) => c.name));
    for (const name of [change.favourite, change.deckCard]) {
      if (name !== undefined && !owned.has(name)) throw new Error(`Simulator: ${tag} does not own ${name}`);
    }
    const names = deck.map((c) => c.name);
    if (change.deckCard && !names.includes(change.deckCard)) names[names.length - 1] = change.deckCard;
    this.changed.set(tag, { favourite: change.favourite ?? favourite.name, deck: names });
  }
}

/** The three card fields of GET /players/{tag}, in the API's shape. */
export function cardsJson(loadout: PlayerLoadout, level: (card: SimCard) => number) {
  const full = (c: SimCard) => ({
    name: c.name,
    id: c.id,
    level: level(c),
    maxLevel: c.maxLevel,
    rarity: c.rarity,
    count: 0,
    elixirCost: c.elixirCost,
    iconUrls: { medium: `https://api-assets.clashroyale.com/cards/300/${c.id}.png` },
  });
  const { favourite } = loadout;
  return {
    cards: loadout.collection.map(full),
    currentDeck: loadout.deck.map(full),
    currentFavouriteCard: {
      name: favourite.name,
      id: favourite.id,
      maxLevel: favourite.maxLevel,
      elixirCost: favourite.elixirCost,
      iconUrls: { medium: `https://api-assets.clashroyale.com/cards/300/${favourite.id}.png` },
      rarity: favourite.rarity,
    },
  };
}
