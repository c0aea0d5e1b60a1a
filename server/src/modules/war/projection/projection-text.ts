import { discordName, formatNumber } from '../discord-text.js';
import { ordinal, percent as pct, placeText, RANGE_NOTE } from '#contracts/race-projection-text';
import type { ClanProjection, RaceProjection } from './types.js';

const range = (low: number, high: number) =>
  low === high ? formatNumber(low) : `${formatNumber(low)}–${formatNumber(high)}`;

function outcome(c: ClanProjection, mode: RaceProjection['mode']): string {
  if (c.finished) return 'over the line';
  if (c.finish) return `crosses at the close of day ${c.finish.day} (${pct(c.finish.chance)})`;
  return `${range(c.final.low, c.final.high)} ${mode === 'colosseum' ? 'medals' : 'fame'} at the end`;
}

/**
 * The projection as Discord lines (pure): every clan by its most likely place, each with its range, and what our
 * clan needs to pass the clan ahead. Names are escaped; "projected" and the range say it is not a result.
 */
export function projectionLines(p: RaceProjection, ourTag: string, record: string | null = null): string[] {
  const order = [...p.clans].sort((a, b) => a.place.mid - b.place.mid || b.final.mid - a.final.mid);
  const lines = [`**Projected** (${RANGE_NOTE})${record ? ` · ${record}` : ''}:`];
  for (const c of order) {
    const name = c.tag === ourTag ? `**${discordName(c.name)}**` : discordName(c.name);
    lines.push(`${ordinal(c.place.mid)} ${name} — ${outcome(c, p.mode)} · ${placeText(c.place)}`);
  }
  const pass = p.pass;
  if (pass) {
    const when = p.mode === 'normal' ? 'today' : 'by the end';
    const pace = pass.decksAtOurPace !== null ? `${formatNumber(pass.decksAtOurPace)} decks at our pace, or ` : '';
    const rate =
      pass.winRate === null
        ? `more than the ${formatNumber(pass.decksLeft)} decks left can give`
        : `a ${pct(pass.winRate)} win rate on the ${formatNumber(pass.decksLeft)} decks left`;
    lines.push(
      `To out-score ${discordName(pass.aheadName)} ${when}: ${formatNumber(pass.medalsNeeded)} more medals — ${pace}${rate}.`,
    );
  }
  return lines;
}
