import type { SystemResponse } from '#contracts/admin-scripts';

/** One line per clan: "Clash Royale API: N calls in the last hour (budget B a minute)", and calls it refused. */
export function upstreamUsageLines(cr: SystemResponse['clashRoyaleApi']): string[] {
  if (!cr?.lastHour) return [];
  const budget = cr.budget ? ` (budget ${count(cr.budget.perMinute)} a minute)` : '';
  const label = (tag: string) => (cr.lastHour!.length > 1 ? `Clash Royale API for ${tag}` : 'Clash Royale API');
  if (cr.lastHour.length === 0) return [`Clash Royale API: no calls in the last hour${budget}`];
  return cr.lastHour.map((clan) => {
    const refused = clan.refused > 0 ? ` · ${count(clan.refused)} refused: the budget was spent` : '';
    return `${label(clan.clanTag)}: ${count(clan.calls)} call${clan.calls === 1 ? '' : 's'} in the last hour${budget}${refused}`;
  });
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
