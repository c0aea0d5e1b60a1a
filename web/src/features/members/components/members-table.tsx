import { useDeferredValue, useMemo, useState } from 'react';
import { usePageFacts } from '#web/lib/page-facts';
import { Link } from 'wouter';
import type { Member } from '#contracts/public';
import { formatNumber } from '#web/lib/format';
import { displayName, memberPagePath } from '#web/lib/player-name';
import { DEFAULT_SORT, nextSort, sortMembers, type SortColumn } from '../lib/sort-members';
import { formatWinRate } from '../lib/win-rate';
import { RankedBadge } from './ranked-badge';
import { RoleBadge } from '#web/ui/role-badge';
import { SortHeader } from '#web/ui/sort-header';

const COLUMNS: { column: SortColumn; label: string }[] = [
  { column: 'ranked', label: 'Ranked Status' },
  { column: 'trophies', label: 'Trophies' },
  { column: 'bestTrophies', label: 'Best' },
  { column: 'mergeTactics', label: 'Merge Tactics' },
  { column: 'donations', label: 'Donations' },
  { column: 'wins', label: 'Wins' },
  { column: 'winRate', label: 'Win %' },
  { column: 'level', label: 'Level' },
];

const NO_ROWS: never[] = [];
const DIRECTION_TEXT = { asc: 'ascending', desc: 'descending' } as const;
const STICKY = 'sticky left-0 z-10 shadow-[6px_0_8px_-6px_rgba(0,0,0,0.6)]';

/** `sample` rows (the error fallback) are not linked: those players do not exist. */
export function MembersTable({ members, sample = false }: { members: readonly Member[]; sample?: boolean }) {
  const [sort, setSort] = useState(DEFAULT_SORT);
  const sorted = useMemo(
    () =>
      sortMembers(
        members.map((m) => ({ ...m, displayName: displayName(m.name) })),
        sort,
      ),
    [members, sort],
  );
  // Rows render in a background pass React can interrupt, so a 50-row roster never blocks input (docs/architecture.md §9);
  // on a page the server painted they are in its HTML already, and the first render keeps them.
  const { painted } = usePageFacts();
  const rows = useDeferredValue(sorted, painted ? sorted : NO_ROWS);
  const sortedLabel = sort.column === 'name' ? 'Player' : COLUMNS.find((c) => c.column === sort.column)?.label;
  const onSort = (column: SortColumn) => setSort((s) => nextSort(s, column));

  return (
    <div
      className="members-scroll overflow-x-auto rounded-2xl border border-white/10 bg-ink-800"
      tabIndex={0}
      role="region"
      aria-labelledby="members-caption"
    >
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm" data-testid="members-table">
        <caption id="members-caption" className="sr-only">
          Clan members, sorted by {sortedLabel} {DIRECTION_TEXT[sort.direction]}
        </caption>
        <thead className="border-b border-white/10 bg-ink-700">
          <tr>
            <SortHeader
              column="name"
              label="Player"
              sort={sort}
              onSort={onSort}
              className={`${STICKY} bg-ink-700 pl-4`}
            />
            {COLUMNS.map((c) => (
              <SortHeader key={c.column} {...c} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {rows.map((m) => (
            <tr key={m.playerTag} className="group hover:bg-white/[0.03]" data-testid="member-row">
              <th
                scope="row"
                className={`${STICKY} max-w-52 bg-ink-800 py-2.5 pr-3 pl-4 font-normal group-hover:bg-ink-700`}
              >
                <div className="flex flex-col items-start gap-1">
                  {sample ? (
                    <span className="font-semibold text-white" data-testid="player-name">
                      {m.displayName}
                    </span>
                  ) : (
                    <Link
                      href={memberPagePath(m.playerTag)}
                      data-testid="player-name"
                      className={
                        'block max-w-44 truncate font-semibold text-white underline decoration-white/25 ' +
                        'underline-offset-4 hover:text-gold-300 hover:decoration-gold-300 focus-ring-tight'
                      }
                    >
                      {m.displayName}
                    </Link>
                  )}
                  <RoleBadge role={m.role} />
                </div>
              </th>
              <td className="px-3 py-2.5">
                <RankedBadge member={m} />
              </td>
              <td className="px-3 py-2.5 tabular-nums text-white">{formatNumber(m.trophies)}</td>
              <td className="px-3 py-2.5 tabular-nums text-slate-300">{formatNumber(m.bestTrophies)}</td>
              <td className="px-3 py-2.5 tabular-nums text-slate-300">{formatNumber(m.mergeTacticsScore)}</td>
              <td className="px-3 py-2.5 tabular-nums text-slate-300">{formatNumber(m.donations)}</td>
              <td className="px-3 py-2.5 tabular-nums text-slate-300">{formatNumber(m.wins)}</td>
              <td className="px-3 py-2.5 tabular-nums text-slate-300" data-testid="win-rate">
                {formatWinRate(m.wins, m.losses)}
              </td>
              <td className="px-3 py-2.5 tabular-nums">
                <span className="inline-grid size-8 place-items-center rounded-lg bg-sky-500/15 font-bold text-sky-200">
                  {m.expLevel ?? '—'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
