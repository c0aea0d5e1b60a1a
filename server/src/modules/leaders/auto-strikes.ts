import type { WarRules } from '#contracts/war-rules';
import { daysOf, missedOn, type WarDay } from '#server/modules/war/insights/rules';
import type { WarReport } from '#server/modules/war/insights/war-report';

export interface AutoStrike {
  playerTag: string;
  /** the day it is for: given once (`leader_notes.auto_key`) */
  key: string;
  reason: string;
}

/**
 * Automatic strikes from the war rules (docs/leaders-memory.md), pure: a member who used none of the day's decks on a
 * judged day. Whose day it is and whether it is judged is the war rules' (`daysOf`: excuses already applied): an
 * excused day, the day a member joined, a day after the clan finished, an uncertain day never count, so never strike.
 */
export function autoStrikes(clanTag: string, days: readonly WarDay[], rules: WarRules): AutoStrike[] {
  const out: AutoStrike[] = [];
  const weeks = new Map<string, WarDay[]>();
  for (const d of days) {
    const week = `${d.seasonId}/${d.sectionIndex}`;
    weeks.set(week, [...(weeks.get(week) ?? []), d]);
  }
  for (const [week, list] of weeks) {
    const tags = new Set(list.flatMap((d) => d.players.map((p) => p.tag)));
    const [seasonId, sectionIndex] = week.split('/').map(Number);
    for (const tag of [...tags].sort())
      for (const d of daysOf(tag, list, rules.attacksPerDay))
        if (d.note === 'counted' && missedOn(d, rules.attacksPerDay) === rules.attacksPerDay)
          out.push({
            playerTag: tag,
            key: `auto:${clanTag}:${tag}:${week}/${d.day}`,
            reason: `0/${rules.attacksPerDay} on battle day ${d.day} (season ${seasonId}, week ${sectionIndex! + 1})`,
          });
  }
  return out;
}

/**
 * Automatic strikes for a week below the fame minimum (docs/leaders-memory.md), pure: the War report's own `belowFame`
 * list for its week, so whoever the report judges is struck and nobody else: only a member in the clan when the week
 * began (a joiner during the week is never blamed), against the minimum scaled to the days not excused (a member
 * excused all week owes nothing), the days after the clan's finish left out. Each member's week strikes once.
 */
export function fameStrikes(clanTag: string, report: Pick<WarReport, 'war' | 'belowFame'>): AutoStrike[] {
  const war = report.war;
  if (!war) return [];
  const week = `${war.seasonId}/${war.sectionIndex}`;
  const n = (v: number) => v.toLocaleString('en-US');
  return report.belowFame.map((f) => ({
    playerTag: f.tag,
    key: `auto:${clanTag}:${f.tag}:${week}/fame`,
    reason:
      `${n(f.evidence.fame)} fame in season ${war.seasonId}, week ${war.sectionIndex + 1}, ` +
      `below the minimum of ${n(f.evidence.minimum)}`,
  }));
}
