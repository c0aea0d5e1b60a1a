import { CalendarRange } from 'lucide-react';
import type { MemberWeek } from '#contracts/member-page';
import { Card } from '#web/ui/card';
import { DeckHeatmap, HeatmapLegend } from '#web/ui/deck-heatmap';
import { formatNumber } from '#web/lib/format';

/** A week's fame or decks: the number, or why there is none (spoken, not a bare dash). */
function Amount({ week, value, suffix = '' }: { week: MemberWeek; value: number | null; suffix?: string }) {
  if (value !== null) return <>{`${formatNumber(value)}${suffix}`}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{week.stored ? 'not in this week’s log' : 'not stored yet'}</span>
    </>
  );
}

/** "Season 138 · Week 3 · Nov 16–23, 2026" → the week, then its dates (their own line on a phone). */
function WeekTitle({ title }: { title: string }) {
  const parts = title.split(' · ');
  return (
    <>
      <span className="font-semibold text-white">{parts.slice(0, 2).join(' · ')}</span>
      {parts.length > 2 ? (
        <>
          <span className="hidden text-slate-300 lg:inline"> · </span>
          <span className="block text-slate-300 lg:inline">{parts.slice(2).join(' · ')}</span>
        </>
      ) : null}
    </>
  );
}

/** In a family, whose log the week is from: "Demo Youth" or, after a move that week, each clan's part. */
function WeekClans({ week }: { week: MemberWeek }) {
  const parts = week.parts ?? [];
  if (parts.length === 0) return null;
  const name = (p: (typeof parts)[number]) => p.clan.name ?? p.clan.tag;
  const text =
    parts.length === 1
      ? `in ${name(parts[0]!)}`
      : parts
          .map(
            (p) =>
              `${name(p)}: ${p.decksUsed === null ? '—' : `${p.decksUsed} decks`}, ${formatNumber(p.fame ?? 0)} fame`,
          )
          .join(' · ');
  return (
    <span className="block text-xs text-slate-400" data-testid="week-clans">
      {text}
    </span>
  );
}

const GRID = 'grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,1fr)_8.5rem_5.5rem_5.5rem]';
const LABEL = 'text-xs font-semibold tracking-wide text-slate-400 uppercase sm:sr-only';

/**
 * Every war week since the player's first, newest first: fame, decks and the four battle days. One row per
 * week; on a phone the week takes its own line above its days, fame and decks.
 */
export function WarWeeks({ weeks, showClans = false }: { weeks: readonly MemberWeek[]; showClans?: boolean }) {
  const newestFirst = [...weeks].reverse();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="weeks-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="weeks-title" className="flex items-center gap-2 font-display text-lg font-black text-white">
              <CalendarRange aria-hidden="true" className="size-5 text-gold-300" />
              War weeks
            </h2>
            <p className="mt-1 text-sm text-slate-300">Decks used on each battle day, newest week first</p>
          </div>
          <HeatmapLegend silentDays />
        </div>
        {weeks.length === 0 ? (
          <p className="mt-4 rounded-xl bg-ink-900/60 p-4 text-sm text-slate-300">
            No war week with this player is tracked yet.
          </p>
        ) : (
          <div className="mt-4 overflow-hidden rounded-xl border border-white/10">
            <div
              aria-hidden="true"
              className={`${GRID} hidden bg-ink-700/70 px-4 py-2 text-xs font-semibold tracking-wide text-slate-300 uppercase sm:grid`}
            >
              <span>Week</span>
              <span>Battle days</span>
              <span className="text-right">Fame</span>
              <span className="text-right">Decks</span>
            </div>
            <ol className="divide-y divide-white/5" aria-label="War weeks, newest first" data-testid="war-weeks">
              {newestFirst.map((w) => (
                <li
                  key={`${w.seasonId}-${w.sectionIndex}`}
                  className={`${GRID} px-4 py-3 text-sm`}
                  data-testid="war-week"
                >
                  <p className="col-span-2 sm:col-span-1" data-testid="week-title">
                    <WeekTitle title={w.title} />
                    {showClans ? <WeekClans week={w} /> : null}
                    {w.stored ? null : (
                      <span className="block text-xs text-slate-400">in progress or not stored yet</span>
                    )}
                  </p>
                  <DeckHeatmap days={w.days} label={`${w.title}: battle-day decks`} />
                  <div className="flex flex-col items-end gap-0.5 text-right sm:contents">
                    <span className="whitespace-nowrap tabular-nums text-white sm:text-right" data-testid="week-fame">
                      <span className={LABEL}>Fame </span>
                      <Amount week={w} value={w.fame} />
                    </span>
                    <span
                      className="whitespace-nowrap tabular-nums text-slate-200 sm:text-right"
                      data-testid="week-decks"
                    >
                      <span className={LABEL}>Decks </span>
                      <Amount week={w} value={w.decksUsed} suffix="/16" />
                    </span>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        )}
      </section>
    </Card>
  );
}
