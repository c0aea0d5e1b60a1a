const integer = new Intl.NumberFormat('en-US');

/** 12345 → "12,345"; null → "—". */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : integer.format(value);
}

const MONTHS = [
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

/** month 1–12 → "March 2026" */
export function formatMonth(month: number, year: number): string {
  return `${MONTHS[month - 1] ?? `Month ${month}`} ${year}`;
}
