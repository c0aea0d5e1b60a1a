import type { WarReportResponse } from '#contracts/war-insights';

const NOTE_TEXT: Record<string, string> = {
  counted: '',
  'race-finished': ' (race finished, not counted)',
  joined: ' (joined that day, not counted)',
  untracked: " (not tracked at the day's start, not counted)",
  excused: ' (excused, not counted)',
  uncertain: ' (uncertain, not counted)',
  'not-reported': ' (not reported)',
};

/** The War report as CSV rows (docs/war-insights.md): one row per listed member and list, evidence in words. */
export function reportRows(r: WarReportResponse): { columns: string[]; rows: (string | number | null)[][] } {
  const rows: (string | number | null)[][] = [];
  const war = r.war?.title ?? '';
  for (const f of r.promotionCandidates)
    rows.push([
      war,
      'Promotion candidate',
      f.tag,
      f.name,
      f.role,
      f.evidence.map((w) => `${w.title}: rank ${w.rank ?? '-'} with ${w.fame} fame`).join('; '),
    ]);
  for (const f of r.belowFame)
    rows.push([
      war,
      'Below the fame minimum',
      f.tag,
      f.name,
      f.role,
      `${f.evidence.fame} of ${f.evidence.minimum} fame`,
    ]);
  for (const f of r.missedAttacks)
    rows.push([
      war,
      'Missed attacks',
      f.tag,
      f.name,
      f.role,
      `${f.evidence.missed} missed (limit ${f.evidence.limit}): ` +
        f.evidence.days
          .map(
            (d) =>
              `day ${d.day} ${d.decksUsed === d.decksUsedMax ? d.decksUsed : `${d.decksUsed} to ${d.decksUsedMax}`}` +
              NOTE_TEXT[d.note],
          )
          .join('; '),
    ]);
  for (const f of r.awayTooLong)
    rows.push([
      war,
      'Away too long',
      f.tag,
      f.name,
      f.role,
      `not seen for ${f.evidence.daysAway} days (limit ${f.evidence.limit})`,
    ]);
  for (const f of r.lowDonations)
    rows.push([
      war,
      'Low donations',
      f.tag,
      f.name,
      f.role,
      `${f.evidence.donations} donations last week (minimum ${f.evidence.minimum})`,
    ]);
  for (const f of r.notWholeWar)
    rows.push([war, 'Joined during the war (not judged)', f.tag, f.name, f.role, `first seen ${f.evidence.joinedAt}`]);
  return { columns: ['war', 'list', 'tag', 'name', 'role', 'evidence'], rows };
}
