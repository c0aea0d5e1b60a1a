import type { LogEntry } from '#contracts/admin-leaders';

/** The clan log as CSV (docs/leaders-memory.md), pure; a cell starting with = + - @ is quoted as text (CSV injection). */

const HEADER = ['at', 'clan', 'player_tag', 'name', 'event', 'other_clan', 'text'];

function cell(value: string | null): string {
  const v = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function logCsv(entries: readonly LogEntry[]): string {
  const rows = entries.map((e) =>
    [e.at, e.clanTag, e.playerTag, e.name, e.kind, e.otherClanTag, e.text].map(cell).join(','),
  );
  return [HEADER.join(','), ...rows].join('\n') + '\n';
}
