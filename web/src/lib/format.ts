let decimal: Intl.NumberFormat | undefined;

/**
 * 12345 → "12,345"; null → "—". Whole numbers (every count the page shows) are grouped by hand: the first
 * Intl.NumberFormat of a page load costs a phone tens of milliseconds of locale data (docs/architecture.md §9).
 */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  return (decimal ??= new Intl.NumberFormat('en-US')).format(value);
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
