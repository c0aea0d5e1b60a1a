import { useId } from 'react';
import { formatNumber } from '#web/lib/format';
import { trendRange, type TrendPoint } from '../lib/trend';
import { useWidth } from '../lib/use-width';

const H = 180;
const PAD = { left: 52, right: 12, top: 12, bottom: 24 };
const TEXT = { fontSize: 12, fill: '#94a3b8' } as const;

/**
 * A trend as a plain SVG line over a soft area (no chart library), like the public "Last war" card. A
 * point without a value is a gap in the line; `summary` is what a screen reader hears instead.
 */
export function TrendChart({
  points,
  summary,
  zeroBased,
  color,
}: {
  points: readonly TrendPoint[];
  summary: string;
  /** amounts start at 0; levels (trophies) are framed around their values */
  zeroBased: boolean;
  color: string;
}) {
  // useId's characters are not all valid in a url(#…) reference
  const fill = `trend-${useId().replace(/[^\w-]/g, '')}`;
  // drawn at the width it is shown at, so its labels stay 12 px on a phone and on a desktop
  const [ref, W] = useWidth<SVGSVGElement>(480);
  const { min, max } = trendRange(points, zeroBased);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length > 1 ? (i / (points.length - 1)) * innerW : innerW / 2);
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min)) * innerH;
  const base = PAD.top + innerH;
  const segments: { x: number; y: number }[][] = [[]];
  points.forEach((p, i) => {
    if (p.value === null) segments.push([]);
    else segments.at(-1)!.push({ x: x(i), y: y(p.value) });
  });
  const drawn = segments.filter((s) => s.length > 0);
  const path = (s: { x: number; y: number }[]) => s.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' L');
  const last = [...points.keys()].reverse().find((i) => points[i]!.value !== null);
  return (
    <svg ref={ref} viewBox={`0 0 ${W} ${H}`} height={H} role="img" aria-label={summary} className="block w-full">
      <defs>
        <linearGradient id={fill} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor={color} stopOpacity="0.3" />
          <stop offset="100%" stopColor={color} stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0, 0.5, 1].map((f) => {
        const value = min + (max - min) * f;
        return (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(value)} y2={y(value)} stroke="#1c2540" strokeDasharray="3 3" />
            <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" {...TEXT}>
              {formatNumber(Math.round(value))}
            </text>
          </g>
        );
      })}
      {drawn.map((s, i) =>
        s.length > 1 ? (
          <g key={i}>
            <path
              d={`M${s[0]!.x.toFixed(1)},${base} L${path(s)} L${s.at(-1)!.x.toFixed(1)},${base} Z`}
              fill={`url(#${fill})`}
            />
            <path d={`M${path(s)}`} fill="none" stroke={color} strokeWidth="2" strokeLinejoin="round" />
          </g>
        ) : (
          <circle key={i} cx={s[0]!.x} cy={s[0]!.y} r="2.5" fill={color} />
        ),
      )}
      {last !== undefined ? <circle cx={x(last)} cy={y(points[last]!.value!)} r="3.5" fill={color} /> : null}
      {points.length > 0 ? (
        <>
          <text x={x(0)} y={H - 6} textAnchor={points.length > 1 ? 'start' : 'middle'} {...TEXT}>
            {points[0]!.short}
          </text>
          {points.length > 1 ? (
            <text x={x(points.length - 1)} y={H - 6} textAnchor="end" {...TEXT}>
              {points.at(-1)!.short}
            </text>
          ) : null}
        </>
      ) : null}
    </svg>
  );
}
