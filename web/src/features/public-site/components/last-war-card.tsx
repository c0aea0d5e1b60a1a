import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import type { LastWarResponse } from '#contracts/war-insights';
import { Card } from '#web/ui/card';
import { formatNumber } from '#web/lib/format';
import { displayName } from '#web/lib/player-name';
import { lastWarQuery } from '../api/public-queries';
import { useClanApi } from '#web/lib/clan-api';

const W = 480;
const H = 160;
const PAD = { left: 44, right: 8, top: 10, bottom: 20 };

/** "Season 138 · Week 3 · Nov 16–23, 2026" → "W3" under its point. */
const shortWeek = (title: string) => /Week (\d+)/.exec(title)?.[1] ?? '';

/** The clan's fame per stored week as a plain SVG area chart (no chart library). */
function FameChart({ weeks }: { weeks: LastWarResponse['weeks'] }) {
  const max = Math.max(1, ...weeks.map((w) => w.totalFame));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (weeks.length > 1 ? (i / (weeks.length - 1)) * innerW : innerW / 2);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const points = weeks.map((w, i) => `${x(i).toFixed(1)},${y(w.totalFame).toFixed(1)}`);
  const area = `M${x(0).toFixed(1)},${PAD.top + innerH} L${points.join(' L')} L${x(weeks.length - 1).toFixed(1)},${PAD.top + innerH} Z`;
  const first = weeks[0]!;
  const last = weeks.at(-1)!;
  const best = weeks.reduce((a, b) => (b.totalFame > a.totalFame ? b : a));
  const summary =
    `Clan fame over ${weeks.length} war weeks: ${formatNumber(first.totalFame)} in the first, ` +
    `${formatNumber(last.totalFame)} in the newest, best ${formatNumber(best.totalFame)} (${best.title}).`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="block h-auto w-full">
      <defs>
        <linearGradient id="last-war-fill" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="#fbbf24" stopOpacity="0.35" />
          <stop offset="100%" stopColor="#fbbf24" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0.5, 1].map((f) => (
        <g key={f}>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(max * f)}
            y2={y(max * f)}
            stroke="#1c2540"
            strokeDasharray="3 3"
          />
          <text x={PAD.left - 6} y={y(max * f) + 3} textAnchor="end" fontSize="10" fill="#94a3b8">
            {formatNumber(Math.round(max * f))}
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="#1c2540" />
      {weeks.length > 1 ? <path d={area} fill="url(#last-war-fill)" /> : null}
      {weeks.length > 1 ? (
        <polyline points={points.join(' ')} fill="none" stroke="#fbbf24" strokeWidth="2" strokeLinejoin="round" />
      ) : null}
      {weeks.map((w, i) => (
        <g key={`${w.seasonId}-${w.sectionIndex}`}>
          <circle cx={x(i)} cy={y(w.totalFame)} r={i === weeks.length - 1 ? 3.5 : 2.2} fill="#fcd34d" />
          <text x={x(i)} y={H - 5} textAnchor="middle" fontSize="10" fill="#94a3b8">
            W{shortWeek(w.title)}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** The loaded card's layout with empty shapes (the chart's aspect ratio, five rows), so nothing below it moves. */
function LoadingBody() {
  return (
    <div className="mt-5 grid gap-6 md:grid-cols-[3fr_2fr]" aria-hidden="true">
      <div>
        <div className="w-full animate-pulse rounded-lg bg-ink-800/60" style={{ aspectRatio: `${W} / ${H}` }} />
        <p className="mt-1 text-xs text-transparent">.</p>
      </div>
      <div>
        <p className="text-xs font-bold text-transparent">.</p>
        <ol className="mt-2 space-y-1.5">
          {[1, 2, 3, 4, 5].map((n) => (
            <li key={n} className="h-6 animate-pulse rounded-md bg-ink-800/60" />
          ))}
        </ol>
      </div>
    </div>
  );
}

/** docs/war-insights.md: the public "Last war" card — the clan's fame over the stored weeks and the newest top 5. */
export default function LastWarCard() {
  const api = useClanApi();
  const lastWar = useQuery(lastWarQuery(api));
  const data = lastWar.data;
  return (
    <Card className="p-6" data-testid="last-war">
      <section aria-labelledby="last-war-title">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-xl bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/30">
            <Trophy aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 id="last-war-title" className="font-display text-xl font-black text-white">
              Last war
            </h3>
            <p className="text-sm text-slate-300">
              {lastWar.isError
                ? 'Unavailable'
                : data?.newest
                  ? `${data.newest.title}${data.newest.clanRank ? ` · finished #${data.newest.clanRank}` : ''}`
                  : data
                    ? 'Shown after the first finished war week'
                    : 'Loading…'}
            </p>
          </div>
        </div>
        {lastWar.isPending ? <LoadingBody /> : null}
        {data && data.weeks.length > 0 ? (
          <div className="mt-5 grid gap-6 md:grid-cols-[3fr_2fr]">
            <figure>
              <FameChart weeks={data.weeks} />
              <figcaption className="mt-1 text-xs text-slate-400">Clan fame per war week, oldest to newest</figcaption>
            </figure>
            {data.newest ? (
              <div>
                <p className="text-xs font-bold tracking-wide text-gold-300 uppercase">Top 5 of the week</p>
                <ol className="mt-2 space-y-1.5">
                  {data.newest.top.map((p, i) => (
                    <li key={`${p.name}-${i}`} className="flex items-center gap-3 text-sm">
                      <span className="grid size-6 shrink-0 place-items-center rounded-md bg-ink-700 text-xs font-bold text-gold-300">
                        {p.rank}
                      </span>
                      <span className="min-w-0 flex-1 truncate text-white">{displayName(p.name)}</span>
                      <span className="tabular-nums text-slate-200">{formatNumber(p.fame)}</span>
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </div>
        ) : null}
      </section>
    </Card>
  );
}
