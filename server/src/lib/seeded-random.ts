/**
 * Seeded randomness, one implementation for the whole server (mulberry32): the race projection's draws and the
 * simulator's fault sequence are repeatable from their seed, and the simulator's stateless values use its finaliser.
 */

/** mulberry32's output step: spreads a 32-bit state into a uniform value in [0, 1). */
export function mix32(state: number): number {
  let t = state >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A seeded uniform sequence in [0, 1): the same seed, the same values. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    return mix32(a);
  };
}
