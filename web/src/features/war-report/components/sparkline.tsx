import { formatNumber } from '#web/lib/format';

const W = 96;
const H = 28;

/**
 * The fame of the last weeks as a small plain-SVG line (no chart library). A week the player was not
 * in the log is a gap; the label reads the values out.
 */
export function Sparkline({ values, label }: { values: readonly (number | null)[]; label: string }) {
  const max = Math.max(1, ...values.map((v) => v ?? 0));
  const step = values.length > 1 ? (W - 4) / (values.length - 1) : 0;
  const point = (v: number, i: number) => `${(2 + i * step).toFixed(1)},${(H - 2 - (v / max) * (H - 4)).toFixed(1)}`;
  const segments: string[][] = [[]];
  values.forEach((v, i) => {
    if (v === null) segments.push([]);
    else segments.at(-1)!.push(point(v, i));
  });
  const last = values.at(-1);
  const spoken = values.map((v) => (v === null ? 'absent' : formatNumber(v))).join(', ');
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-label={`${label}: ${spoken}`}
      className="shrink-0 overflow-visible"
    >
      <line x1="0" x2={W} y1={H - 2} y2={H - 2} className="stroke-ink-700" strokeWidth="1" />
      {segments
        .filter((s) => s.length > 0)
        .map((s, i) =>
          s.length === 1 ? (
            <circle key={i} cx={s[0]!.split(',')[0]} cy={s[0]!.split(',')[1]} r="1.6" className="fill-gold-400" />
          ) : (
            <polyline
              key={i}
              points={s.join(' ')}
              fill="none"
              className="stroke-gold-400"
              strokeWidth="1.6"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          ),
        )}
      {last !== null && last !== undefined ? (
        <circle
          cx={point(last, values.length - 1).split(',')[0]}
          cy={point(last, values.length - 1).split(',')[1]}
          r="2.4"
          className="fill-gold-300"
        />
      ) : null}
    </svg>
  );
}
