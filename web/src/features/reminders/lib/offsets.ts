/** "6h, 1h 30m, 45m" ⇄ minutes before the reset (the admin's reminder times). */
export type OffsetsParse = { ok: true; minutes: number[] } | { ok: false; message: string };

const PART = /^(?:(\d{1,2})\s*h)?\s*(?:(\d{1,4})\s*m(?:in)?)?$/i;

export function parseOffsets(text: string): OffsetsParse {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: true, minutes: [] };
  const minutes: number[] = [];
  for (const part of parts) {
    const m = PART.exec(part);
    if (!m || (m[1] === undefined && m[2] === undefined))
      return { ok: false, message: `“${part}” is not a time such as 6h, 1h 30m or 45m` };
    minutes.push(Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0));
  }
  return { ok: true, minutes };
}

export function formatOffset(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

export function formatOffsets(minutes: readonly number[]): string {
  return minutes.map(formatOffset).join(', ');
}
