/** The clan's strike rules (docs/leaders-memory.md), pure: when a strike counts, and what N active strikes mean. */

export const DAY_MS = 24 * 60 * 60_000;
/** A strike stops counting this many days after it was given, unless the leader names another expiry. */
export const DEFAULT_STRIKE_DAYS = 30;
/** This many active strikes put a member on the War report's at-risk list, unless the clan names another number. */
export const DEFAULT_STRIKE_THRESHOLD = 3;

export interface StrikeRules {
  /** active strikes that put a member at risk */
  threshold: number;
  /** a strike's default lifetime in days */
  days: number;
  /** automatic strikes from the war rules: a 0/4 judged day, a week below the fame minimum */
  auto: boolean;
  /** the player is told of a strike by direct message */
  dm: boolean;
}

/** The expiry of a strike given at `at`, `days` later. */
export const strikeExpiry = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/** Counts at `now`: given before it and not yet expired. */
export const isActive = (s: { createdAt: string; expiresAt: string | null }, now: Date): boolean =>
  s.createdAt <= now.toISOString() && (s.expiresAt === null || s.expiresAt > now.toISOString());

/** The member's active strikes at `now`, and whether they reach the clan's threshold. */
export function strikeStanding<T extends { createdAt: string; expiresAt: string | null }>(
  strikes: readonly T[],
  rules: Pick<StrikeRules, 'threshold'>,
  now: Date,
): { active: T[]; atRisk: boolean } {
  const active = strikes.filter((s) => isActive(s, now));
  return { active, atRisk: rules.threshold > 0 && active.length >= rules.threshold };
}
