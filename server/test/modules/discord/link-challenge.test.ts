import { describe, expect, it } from 'vitest';
import { challengeGaps, challengeMet, chooseChallenge, shortSpan } from '#server/modules/discord/link-challenge';

const c = (id: number, name: string) => ({ id, name });
const deck = [
  c(1, 'Knight'),
  c(2, 'Archers'),
  c(3, 'Zap'),
  c(4, 'Giant'),
  c(5, 'Witch'),
  c(6, 'Log'),
  c(7, 'Bats'),
  c(8, 'Hog'),
];

describe('link challenge', () => {
  const profile = {
    tag: '#P',
    name: 'P',
    cards: [...deck, c(9, 'Rocket'), c(10, 'Freeze'), c(11, 'Poison')],
    currentDeck: deck,
    currentFavouriteCard: c(9, 'Rocket'),
  };

  it('names two different owned cards that are neither the favourite nor in the deck', () => {
    // pick(n) = 0 takes the first free card each time: Freeze, then Poison
    expect(chooseChallenge(profile, () => 0)).toEqual({ favourite: c(10, 'Freeze'), deckCard: c(11, 'Poison') });
    expect(chooseChallenge(profile, (n) => n - 1)).toEqual({ favourite: c(11, 'Poison'), deckCard: c(10, 'Freeze') });
  });

  it('has no challenge when fewer than two cards are free', () => {
    expect(chooseChallenge({ ...profile, cards: [...deck, c(9, 'Rocket'), c(10, 'Freeze')] }, () => 0)).toBeNull();
  });

  it('is met only when the favourite is set and the card is in the deck', () => {
    const challenge = { favourite: c(10, 'Freeze'), deckCard: c(11, 'Poison') };
    expect(challengeMet(profile, challenge)).toBe(false);
    const favOnly = { ...profile, currentFavouriteCard: c(10, 'Freeze') };
    expect(challengeMet(favOnly, challenge)).toBe(false);
    expect(challengeGaps(favOnly, challenge)).toEqual(['**Poison** is not in your current deck yet']);
    const both = { ...favOnly, currentDeck: [...deck.slice(0, 7), c(11, 'Poison')] };
    expect(challengeMet(both, challenge)).toBe(true);
    expect(challengeGaps(profile, challenge)).toEqual([
      'your favourite card is not **Freeze** yet (it shows **Rocket**)',
      '**Poison** is not in your current deck yet',
    ]);
  });

  it.each([
    [0, '0 s'],
    [45_000, '45 s'],
    [60_000, '1 min'],
    [150_000, '2 min 30 s'],
    [-5, '0 s'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(shortSpan(ms)).toBe(text);
  });
});
