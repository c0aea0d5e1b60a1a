import { mix32 } from '../lib/seeded-random.js';

/**
 * Stateless, seeded randomness: every value is a pure function of (seed, key parts), so the
 * simulated clan at any instant depends only on the seed and the clock (tests can predict it).
 */
export function rand(seed: number, ...parts: (string | number)[]): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  const text = parts.join('|');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // mulberry32's finaliser spreads FNV's weak low bits.
  return mix32(h + 0x6d2b79f5);
}

export function randInt(seed: number, min: number, max: number, ...parts: (string | number)[]): number {
  return min + Math.floor(rand(seed, ...parts) * (max - min + 1));
}

export function pick<T>(seed: number, items: readonly T[], ...parts: (string | number)[]): T {
  return items[Math.floor(rand(seed, ...parts) * items.length)]!;
}

const TAG_CHARS = '0289PYLQGRJCUV';

/** A valid tag (docs/clash-royale-api.md §2) derived from a key. */
export function makeTag(seed: number, ...parts: (string | number)[]): string {
  const length = randInt(seed, 8, 9, 'tag-length', ...parts);
  let tag = '#';
  for (let i = 0; i < length; i++) {
    // No leading zero, as in real tags.
    const chars = i === 0 ? TAG_CHARS.slice(1) : TAG_CHARS;
    tag += chars[Math.floor(rand(seed, 'tag', i, ...parts) * chars.length)];
  }
  return tag;
}

/** Rounds medals to the game's step of 25. */
export const round25 = (n: number): number => Math.round(n / 25) * 25;
