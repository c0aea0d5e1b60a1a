import { discordName, formatNumber } from '../discord-text.js';
import type { WarDiscordMessage } from '../discord-messages.js';
import type { WarReport } from './war-report.js';

/**
 * The optional weekly summary posted after the river race log run (docs/war-insights.md): promotion
 * candidates and players at risk, names as plain text (nothing pings; every payload also carries
 * `allowed_mentions: { parse: [] }`).
 */
export function warSummaryMessage(report: WarReport, title: string): WarDiscordMessage {
  const header = `**War summary · ${title}**`;
  const lines = [header];
  const promo = report.promotionCandidates;
  lines.push('', `**Promotion candidates** (${promo.length})`);
  if (promo.length === 0) lines.push('Nobody this week.');
  for (const p of promo)
    lines.push(`- ${discordName(p.name)}: ranks ${p.evidence.map((w) => `#${w.rank ?? '–'}`).join(', ')}`);

  const atRisk = new Map<string, { name: string; reasons: string[] }>();
  const add = (tag: string, name: string, reason: string) => {
    const entry = atRisk.get(tag) ?? { name, reasons: [] };
    entry.reasons.push(reason);
    atRisk.set(tag, entry);
  };
  for (const f of report.belowFame)
    add(f.tag, f.name, `${formatNumber(f.evidence.fame)} fame (minimum ${formatNumber(f.evidence.minimum)})`);
  for (const f of report.missedAttacks) add(f.tag, f.name, `${f.evidence.missed} missed attacks`);
  for (const f of report.awayTooLong) add(f.tag, f.name, `not seen for ${f.evidence.daysAway} days`);
  for (const f of report.lowDonations) add(f.tag, f.name, `${f.evidence.donations} donations last week`);
  lines.push('', `**At risk** (${atRisk.size})`);
  if (atRisk.size === 0) lines.push('Nobody this week.');
  for (const r of atRisk.values()) lines.push(`- ${discordName(r.name)}: ${r.reasons.join('; ')}`);
  if (report.notWholeWar.length > 0)
    lines.push('', `${report.notWholeWar.length} member(s) joined during the war and are not judged on it.`);
  return { content: lines.join('\n'), header };
}
