import type { LeaderNote } from './notes.repository.js';
import { strikeStanding, type StrikeRules } from './strikes.js';

export interface StruckMember<R> {
  tag: string;
  name: string;
  role: R;
  evidence: {
    active: number;
    threshold: number;
    days: number;
    strikes: { reason: string; createdAt: string; expiresAt: string | null }[];
  };
}

/**
 * The War report's at-risk list by strikes (docs/leaders-memory.md): the clan's members with as many active strikes
 * as its threshold, each with the strikes as evidence (the rule is `strikeStanding`). Pure.
 */
export function struckMembers<R>(
  roster: readonly { tag: string; name: string; role: R }[],
  notes: readonly LeaderNote[],
  rules: StrikeRules,
  now: Date,
): StruckMember<R>[] {
  const strikes = notes.filter((n) => n.kind === 'strike');
  const out: StruckMember<R>[] = [];
  for (const m of roster) {
    const standing = strikeStanding(
      strikes.filter((s) => s.playerTag === m.tag),
      rules,
      now,
    );
    if (!standing.atRisk) continue;
    const evidence = standing.active.map((s) => ({ reason: s.reason, createdAt: s.createdAt, expiresAt: s.expiresAt }));
    out.push({
      ...m,
      evidence: { active: evidence.length, threshold: rules.threshold, days: rules.days, strikes: evidence },
    });
  }
  return out;
}
