import { deckCellClass, deckCellText, deckLabel, type HeatmapDay } from '../../lib/deck-label';

/** The four battle days of a war as coloured cells, each with its label (docs/war-insights.md). */
export function DeckHeatmap({ days, label = 'Battle-day decks' }: { days: readonly HeatmapDay[]; label?: string }) {
  return (
    <div role="group" className="flex gap-1" aria-label={label}>
      {days.map((d) => (
        <span
          key={d.day}
          role="img"
          aria-label={deckLabel(d)}
          title={deckLabel(d)}
          className={`grid h-7 min-w-7 place-items-center rounded-md px-1 text-[11px] font-bold tabular-nums ${deckCellClass(d)}`}
        >
          <span aria-hidden="true">{deckCellText(d)}</span>
        </span>
      ))}
    </div>
  );
}

const LEGEND: [string, string][] = [
  ['bg-emerald-500/80', '4 decks'],
  ['bg-lime-400/80', '3'],
  ['bg-amber-400/80', '1–2'],
  ['bg-red-500/85', '0'],
  [
    'bg-[repeating-linear-gradient(135deg,rgba(148,163,184,0.35)_0_4px,rgba(148,163,184,0.12)_4px_8px)]',
    'uncertain range',
  ],
  ['bg-slate-600/40', 'not counted'],
];
/** Shown where a day can also say nothing about the player (a member's page). */
const SILENT: [string, string][] = [
  ['bg-ink-800 ring-1 ring-white/15', 'not reported'],
  ['border border-dashed border-white/30', 'not in the clan'],
];

/** What the colours mean. */
export function HeatmapLegend({ silentDays = false }: { silentDays?: boolean }) {
  const items = silentDays ? [...LEGEND, ...SILENT] : LEGEND;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300" aria-label="Heatmap legend">
      {items.map(([cls, text]) => (
        <li key={text} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${cls}`} />
          {text}
        </li>
      ))}
    </ul>
  );
}
