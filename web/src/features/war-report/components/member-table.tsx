import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { MemberRow } from '#contracts/war-insights';
import { Alert } from '#web/ui/alert';
import { Card } from '#web/ui/card';
import { SortHeader } from '#web/ui/sort-header';
import { errorText } from '#web/lib/api-error';
import { formatNumber } from '#web/lib/format';
import { displayName } from '#web/lib/player-name';
import { useMemberTable } from '../api/war-report-queries';
import {
  DEFAULT_WAR_SORT,
  decksUsed,
  nextWarSort,
  sortWarRows,
  type WarSort,
  type WarSortColumn,
} from '../lib/sort-rows';
import { DeckHeatmap, HeatmapLegend } from '#web/ui/deck-heatmap';
import { Sparkline } from './sparkline';

const ROLE_TEXT = { leader: 'Leader', coleader: 'Co-leader', elder: 'Elder', member: 'Member' } as const;
const nameOf = (m: MemberRow) => displayName(m.name);

/**
 * Every current member: fame of the newest war and of the last 10 weeks (sparkline), and the
 * newest war's battle days as a heatmap (docs/war-insights.md). Sortable; a name opens the history.
 */
export function MemberTable({ onSelect }: { onSelect: (tag: string) => void }) {
  const table = useMemberTable();
  const [sort, setSort] = useState<WarSort>(DEFAULT_WAR_SORT);
  const rows = useMemo(() => (table.data ? sortWarRows(table.data.members, sort, nameOf) : []), [table.data, sort]);
  const onSort = (c: WarSortColumn) => setSort((s) => nextWarSort(s, c));

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="war-members-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 id="war-members-title" className="flex items-center gap-2 font-display text-base font-bold text-white">
            <Users className="h-4 w-4 text-gold-400" aria-hidden />
            Members
          </h3>
          <HeatmapLegend />
        </div>
        {table.isPending ? (
          <p className="text-sm text-slate-400" role="status">
            Loading members…
          </p>
        ) : table.isError ? (
          <Alert tone="error" title={errorText(table.error, 'Failed to load the member table')} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-400">No members are stored yet.</p>
        ) : (
          <div className="relative overflow-x-auto rounded-xl border border-ink-700">
            <table className="w-full text-left text-sm" data-testid="war-member-table">
              <caption className="sr-only">
                Members with their war fame and battle-day decks{table.data.war ? ` of ${table.data.war.title}` : ''}
              </caption>
              <thead className="bg-ink-800 text-slate-300">
                <tr>
                  <SortHeader column="name" label="Member" sort={sort} onSort={onSort} />
                  <SortHeader column="role" label="Role" sort={sort} onSort={onSort} />
                  <SortHeader column="lastFame" label="Last war" sort={sort} onSort={onSort} className="text-right" />
                  <SortHeader
                    column="totalFame"
                    label={`${table.data.weeks.length} weeks`}
                    sort={sort}
                    onSort={onSort}
                    className="text-right"
                  />
                  <th scope="col" className="px-3 py-2.5 text-xs font-bold tracking-wide uppercase">
                    Trend
                  </th>
                  <SortHeader column="decks" label="Battle days" sort={sort} onSort={onSort} />
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.tag} className="border-t border-white/5 odd:bg-ink-950/40">
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        onClick={() => onSelect(m.tag)}
                        className="rounded text-left font-semibold whitespace-nowrap text-white hover:text-gold-300 hover:underline focus-ring-tight"
                      >
                        {nameOf(m)}
                      </button>
                      <span className="block font-mono text-[11px] text-slate-400">
                        {m.tag}
                        {m.wholeWar ? '' : ' · joined during the war'}
                      </span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-200">{ROLE_TEXT[m.role]}</td>
                    <td className="px-3 py-2 text-right tabular-nums text-slate-100">{formatNumber(m.lastFame)}</td>
                    <td className="px-3 py-2 text-right tabular-nums text-slate-100">{formatNumber(m.totalFame)}</td>
                    <td className="px-3 py-2">
                      <Sparkline values={m.fame} label={`Fame of ${nameOf(m)} over the last ${m.fame.length} weeks`} />
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-2">
                        <DeckHeatmap days={m.days} />
                        <span className="sr-only">{decksUsed(m)} decks in total</span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Card>
  );
}
