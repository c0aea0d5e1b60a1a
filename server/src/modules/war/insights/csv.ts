/**
 * CSV as RFC 4180 writes it (docs/war-insights.md): comma separated, CRLF line ends, a cell quoted
 * when it holds a comma, a quote or a line break, quotes doubled. A text cell starting with = + - @
 * (or a tab or carriage return) is prefixed with a single quote so a spreadsheet shows it as text
 * instead of running it as a formula; numbers are written as numbers.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A file name safe in a Content-Disposition header: letters, digits, dot, dash and underscore only. */
export function csvFileName(base: string, at: Date): string {
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${at.toISOString().slice(0, 10)}.csv`;
}
