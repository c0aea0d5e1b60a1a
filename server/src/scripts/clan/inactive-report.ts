import type { ReportedDay } from '#contracts/admin-scripts';
import { inactivePlayersMessage } from '../../modules/war/discord-messages.js';
import { partsText } from '../../modules/war/day-parts.js';
import type { DeckReportPlayer } from '../../modules/war/deck-report.js';
import { plainName } from '../../modules/war/discord-text.js';
import type { StoredDayReport } from '../../modules/war/war-day-report.repository.js';
import type { DiscordMessage } from '../types.js';

/** What one reported battle day adds to a run: its history line, outputs, result and message. */
export interface DayOutput {
  line: string;
  outputs: string[];
  result: ReportedDay;
  discord: DiscordMessage;
}

export function dayOutput(
  stored: StoredDayReport,
  options: { replay?: boolean; projection?: string | null } = {},
): DayOutput {
  const { report, title } = stored;
  const inactive = report.raceFinished ? [] : report.players.filter((p) => p.status === 'inactive');
  const joined = report.players.filter((p) => p.status === 'joined-during-day');
  const untracked = report.raceFinished ? [] : report.players.filter((p) => p.status === 'untracked');
  const excused = report.raceFinished ? [] : report.players.filter((p) => p.status === 'excused');
  const uncertain = report.raceFinished ? [] : report.players.filter((p) => p.status === 'uncertain');
  const ranged = inactive.filter((p) => p.maxDecksUsed !== p.decksUsed);
  const groups = [0, 1, 2, 3]
    .map((n) => `${n}/4: ${inactive.filter((p) => p.decksUsed === n && p.maxDecksUsed === n).length}`)
    .join(', ');
  const line = report.raceFinished
    ? `Battle day ${report.day}: the race was already finished, nobody is counted as inactive`
    : `Battle day ${report.day}: ${inactive.length} inactive (${groups})` +
      (ranged.length ? `, ${ranged.length} with a range (a snapshot is missing)` : '') +
      (joined.length ? `, ${joined.length} joined during the day` : '') +
      (untracked.length ? `, ${untracked.length} not tracked at the day's start` : '') +
      (excused.length ? `, ${excused.length} excused` : '') +
      (uncertain.length ? `, ${uncertain.length} uncertain (a snapshot of the day is missing)` : '');
  const who = (p: DeckReportPlayer) => {
    const where = partsText(p, plainName);
    return `${plainName(p.name)} (${p.tag})${where ? ` [${where}]` : ''}`;
  };
  const outputs = [
    ...inactive.map((p) =>
      p.maxDecksUsed === p.decksUsed ? `${who(p)}: ${p.decksUsed}/4` : `${who(p)}: ${p.decksUsed}–${p.maxDecksUsed}/4`,
    ),
    ...joined.map((p) => `${who(p)}: joined during the day, ${p.decksUsed}/4`),
    ...untracked.map((p) => `${who(p)}: not tracked at the day's start, ${rangeText(p)}/4`),
    ...excused.map((p) => `${who(p)}: excused${p.excuse ? ` (${plainName(p.excuse)})` : ''}, ${rangeText(p)}/4`),
    ...uncertain.map((p) => `${who(p)}: between ${p.decksUsed}/4 and ${p.maxDecksUsed}/4`),
  ];
  const result: ReportedDay = {
    seasonId: report.seasonId,
    sectionIndex: report.sectionIndex,
    day: report.day,
    title,
    raceFinished: report.raceFinished,
    inactivePlayers: inactive.map((p) => ({
      tag: p.tag,
      name: p.name,
      decksUsed: p.decksUsed,
      ...(p.maxDecksUsed !== p.decksUsed ? { decksUsedMax: p.maxDecksUsed } : {}),
    })),
    uncertain: uncertain.length,
    ...(untracked.length ? { untracked: untracked.length } : {}),
    ...(excused.length ? { excused: excused.length } : {}),
  };
  return { line: `${title} — ${line}`, outputs, result, discord: inactivePlayersMessage(report, title, options) };
}

function rangeText(p: { decksUsed: number; maxDecksUsed: number }): string {
  return p.maxDecksUsed === p.decksUsed ? `${p.decksUsed}` : `${p.decksUsed}–${p.maxDecksUsed}`;
}
