import type { PlayerProfile, ProfileCard } from './ports.js';

/** Ownership proof for /link (docs/decisions/080-link-states.md): pure, no I/O. */

export const CHALLENGE_MS = 15 * 60_000;

export interface ChallengeCards {
  favourite: ProfileCard;
  deckCard: ProfileCard;
}

/**
 * Two different cards the player owns that are neither the current favourite nor in the current
 * deck: one to set as favourite, one to put in the deck. A change nobody makes by chance, and one
 * only the account's owner can make. Null when the collection has fewer than two such cards.
 * `pick(n)` returns an integer in [0, n).
 */
export function chooseChallenge(profile: PlayerProfile, pick: (n: number) => number): ChallengeCards | null {
  const taken = new Set([...profile.currentDeck.map((c) => c.id), profile.currentFavouriteCard?.id]);
  const free = profile.cards.filter((c, i, all) => !taken.has(c.id) && all.findIndex((d) => d.id === c.id) === i);
  if (free.length < 2) return null;
  const favourite = free[pick(free.length)]!;
  const rest = free.filter((c) => c.id !== favourite.id);
  return { favourite, deckCard: rest[pick(rest.length)]! };
}

/** The profile shows the challenge: the favourite card set and the other card in the current deck. */
export function challengeMet(profile: PlayerProfile, challenge: ChallengeCards): boolean {
  return (
    profile.currentFavouriteCard?.id === challenge.favourite.id &&
    profile.currentDeck.some((c) => c.id === challenge.deckCard.id)
  );
}

/** What is still missing, in words. */
export function challengeGaps(profile: PlayerProfile, challenge: ChallengeCards): string[] {
  const gaps: string[] = [];
  if (profile.currentFavouriteCard?.id !== challenge.favourite.id) {
    const now = profile.currentFavouriteCard ? ` (it shows **${profile.currentFavouriteCard.name}**)` : '';
    gaps.push(`your favourite card is not **${challenge.favourite.name}** yet${now}`);
  }
  if (!profile.currentDeck.some((c) => c.id === challenge.deckCard.id)) {
    gaps.push(`**${challenge.deckCard.name}** is not in your current deck yet`);
  }
  return gaps;
}

/** "45 s", "2 min", "2 min 30 s" (never negative). */
export function shortSpan(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
}
