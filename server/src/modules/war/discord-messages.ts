import type { DeckReport, DeckReportPlayer } from './deck-report.js';
import { partsText } from './day-parts.js';
import { discordName, formatNumber } from './discord-text.js';
import type { RankedEntry } from './monthly.js';
import type { TemplateId } from '#contracts/admin-reminders';
import { templated } from '../messages/message-templates.js';

/** A webhook payload before splitting (the Discord client splits to its limits and sends). */
export interface WarDiscordMessage {
  content: string;
  /** repeated on every part when Discord's limit splits the message */
  header?: string;
  /** the template it was rendered from, with its values, so an edited template can render it again */
  template?: { id: TemplateId; values: Record<string, string> };
  /** Discord users the text mentions as <@id>: the only pings allowed */
  mentionUsers?: string[];
  /** a member's direct messages (`dm:<Discord user id>`) instead of the clan's webhook */
  destination?: string;
  embeds?: { title?: string; description?: string; fields?: { name: string; value: string; inline?: boolean }[] }[];
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "- Name (#TAG)", with where the decks went when a family clan other than this one holds some. */
function playerLine(p: DeckReportPlayer): string {
  const where = partsText(p, discordName);
  return `- ${discordName(p.name)} (${p.tag})${where ? ` [${where}]` : ''}`;
}

/** Decks used, or the range a missing snapshot leaves open ("2–3"). */
function deckRange(p: DeckReportPlayer): string {
  return p.decksUsed === p.maxDecksUsed ? `${p.decksUsed}` : `${p.decksUsed}–${p.maxDecksUsed}`;
}

/**
 * The inactive-players report: players grouped by decks used (0/4 … 3/4), counts a missing
 * snapshot leaves open shown as ranges, then joiners and uncertain players apart. `title` names
 * the day (dayTitle); a replay says so in the header, which every split part repeats. The race projection's line, when
 * given (the clan switched it on), ends the report.
 */
export function inactivePlayersMessage(
  report: DeckReport,
  title: string,
  options: { replay?: boolean; projection?: string | null } = {},
): WarDiscordMessage {
  const lines: string[] = [];
  const finish = (count: number): WarDiscordMessage => {
    if (options.projection) lines.push('', options.projection);
    const values = { replay: options.replay ? 'Replay · ' : '', title, day: String(report.day), count: String(count) };
    const message = templated('inactive-report', { ...values, report: lines.join('\n') });
    return { ...message, header: message.content.split('\n')[0] };
  };
  if (report.raceFinished) {
    lines.push('The clan had already crossed the finish line before this day began: nobody is counted as inactive.');
    return finish(0);
  }
  const inactive = report.players.filter((p) => p.status === 'inactive');
  const exact = inactive.filter((p) => p.maxDecksUsed === p.decksUsed);
  const ranged = inactive.filter((p) => p.maxDecksUsed !== p.decksUsed);
  const uncertain = report.players.filter((p) => p.status === 'uncertain');
  if (inactive.length === 0) {
    lines.push(uncertain.length === 0 ? 'Every member used all 4 decks.' : 'No member is known to have missed decks.');
  }
  for (const used of [0, 1, 2, 3]) {
    const group = exact.filter((p) => p.decksUsed === used);
    if (group.length > 0) lines.push('', `**${used}/4 decks** (${group.length})`, ...group.map(playerLine));
  }
  if (ranged.length > 0) {
    lines.push('', `**Fewer than 4 decks** (${ranged.length}, exact count unknown: a snapshot of the day is missing)`);
    lines.push(...ranged.map((p) => `${playerLine(p)}: ${p.decksUsed}–${p.maxDecksUsed}/4`));
  }
  const joined = report.players.filter((p) => p.status === 'joined-during-day');
  if (joined.length > 0) {
    lines.push('', `**Joined during the day** (${joined.length}, not counted as inactive)`);
    lines.push(...joined.map((p) => `${playerLine(p)}: ${p.decksUsed}/4`));
  }
  const excused = report.players.filter((p) => p.status === 'excused');
  if (excused.length > 0) {
    lines.push('', `**Excused** (${excused.length}, not counted as inactive)`);
    lines.push(
      ...excused.map(
        (p) => `${playerLine(p)}: ${deckRange(p)}/4, excused${p.excuse ? `: ${discordName(p.excuse)}` : ''}`,
      ),
    );
  }
  const untracked = report.players.filter((p) => p.status === 'untracked');
  if (untracked.length > 0) {
    lines.push('', `**Not tracked at the day's start** (${untracked.length}, not counted as inactive)`);
    lines.push(
      ...untracked.map(
        (p) =>
          `${playerLine(p)}: ${p.decksUsed === p.maxDecksUsed ? p.decksUsed : `${p.decksUsed}–${p.maxDecksUsed}`}/4`,
      ),
    );
  }
  if (uncertain.length > 0) {
    lines.push('', `**Uncertain** (${uncertain.length}, a snapshot of the day is missing)`);
    lines.push(...uncertain.map((p) => `${playerLine(p)}: between ${p.decksUsed}/4 and ${p.maxDecksUsed}/4`));
  }
  return finish(inactive.length);
}

/** The monthly fame top 20 posted on the final Monday of the month (docs/product.md §9). */
export function monthlyTopMessage(year: number, month: number, ranked: readonly RankedEntry[]): WarDiscordMessage {
  const lines: string[] = [];
  if (ranked.length === 0) lines.push('No war fame recorded this month.');
  for (const e of ranked) lines.push(`${e.rank}. ${discordName(e.playerName)}: ${formatNumber(e.fameEarned)} fame`);
  return templated('monthly-top', { month: MONTH_NAMES[month - 1]!, year: String(year), ranking: lines.join('\n') });
}

export interface WeekSummaryInput {
  title: string;
  clanRank: number;
  trophyChange: number;
  clanFame: number;
  participants: readonly { name: string; fame: number; decksUsed: number }[];
}

/** The river race week summary (stored week, rank, trophies, top players). */
export function riverRaceWeekMessage(week: WeekSummaryInput): WarDiscordMessage {
  const trophies = week.trophyChange >= 0 ? `+${week.trophyChange}` : `${week.trophyChange}`;
  const played = week.participants.filter((p) => p.decksUsed > 0);
  const top = [...played].sort((a, b) => b.fame - a.fame || a.name.localeCompare(b.name)).slice(0, 5);
  const topFame =
    top.length > 0
      ? ['', '', '**Top fame**', ...top.map((p, i) => `${i + 1}. ${discordName(p.name)}: ${formatNumber(p.fame)}`)]
      : [];
  return templated('river-race-week', {
    title: week.title,
    rank: String(week.clanRank),
    trophies,
    clanFame: formatNumber(week.clanFame),
    players: String(played.length),
    decks: formatNumber(played.reduce((n, p) => n + p.decksUsed, 0)),
    topFame: topFame.join('\n'),
  });
}
