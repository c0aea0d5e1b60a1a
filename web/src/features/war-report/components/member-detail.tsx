import { History, X } from 'lucide-react';
import type { MemberHistoryResponse } from '#contracts/war-insights';
import { Alert } from '#web/ui/alert';
import { Card } from '#web/ui/card';
import { errorText } from '#web/lib/api-error';
import { formatNumber } from '#web/lib/format';
import { displayName } from '#web/lib/player-name';
import { useMemberHistory } from '../api/war-report-queries';
import { DeckHeatmap } from '#web/ui/deck-heatmap';

type Day = { day: number; decksUsed: number; decksUsedMax: number; status: string; raceFinished: boolean };

const noteOf = (d: Day) =>
  d.raceFinished
    ? ('race-finished' as const)
    : d.status === 'joined-during-day'
      ? ('joined' as const)
      : d.status === 'untracked'
        ? ('untracked' as const)
        : d.status === 'excused'
          ? ('excused' as const)
          : d.status === 'uncertain'
            ? ('uncertain' as const)
            : ('counted' as const);

/** Reported battle days of weeks not finished (or not stored) yet: the war under way. */
function OpenWeeks({ history }: { history: MemberHistoryResponse }) {
  const finished = new Set(history.weeks.map((w) => `${w.seasonId}/${w.sectionIndex}`));
  const open = history.days.filter((d) => !finished.has(`${d.seasonId}/${d.sectionIndex}`));
  const weeks = [...new Set(open.map((d) => `${d.seasonId}/${d.sectionIndex}`))];
  if (weeks.length === 0) return null;
  return (
    <div className="grid gap-2">
      {weeks.map((key) => {
        const days = open.filter((d) => `${d.seasonId}/${d.sectionIndex}` === key).sort((a, b) => a.day - b.day);
        const [season, section] = key.split('/').map(Number);
        return (
          <div key={key} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-200">
            <span>
              Season {season} · Week {(section ?? 0) + 1} <span className="text-slate-400">(war under way)</span>
            </span>
            <DeckHeatmap
              days={days.map((d) => ({
                day: d.day,
                decksUsed: d.decksUsed,
                decksUsedMax: d.decksUsedMax,
                note: noteOf(d),
              }))}
            />
          </div>
        );
      })}
    </div>
  );
}

/** One member's whole stored history: every week with rank and fame, every reported battle day. */
export function MemberDetail({ tag, onClose }: { tag: string; onClose: () => void }) {
  const history = useMemberHistory(tag);
  return (
    <Card className="p-4 sm:p-5" data-testid="member-detail">
      <section aria-labelledby="member-detail-title">
        <div className="mb-3 flex items-start justify-between gap-2">
          <h3 id="member-detail-title" className="flex items-center gap-2 font-display text-base font-bold text-white">
            <History className="h-4 w-4 text-gold-400" aria-hidden />
            {history.data ? `${displayName(history.data.name)} · war history` : 'War history'}
          </h3>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close the war history"
            className="rounded-lg border border-ink-700 p-1.5 text-slate-300 hover:border-gold-400 hover:text-gold-300 focus-ring-tight"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
        {history.isPending ? (
          <p className="text-sm text-slate-400" role="status">
            Loading history…
          </p>
        ) : history.isError ? (
          <Alert tone="error" title={errorText(history.error, 'Failed to load the history')} />
        ) : (
          <div className="grid grid-cols-1 gap-4">
            <p className="text-sm text-slate-300">
              <span className="font-mono">{history.data.tag}</span>
              {history.data.inClan
                ? ` · in the clan since ${history.data.firstSeenAt ? new Date(history.data.firstSeenAt).toLocaleDateString('en-US') : 'unknown'}`
                : ' · no longer in the clan'}
            </p>
            <div className="relative overflow-x-auto rounded-xl border border-ink-700">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Every stored war week of {displayName(history.data.name)}</caption>
                <thead className="bg-ink-800 text-xs uppercase text-slate-300">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Week
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Rank
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Fame
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Decks
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Battle days
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.weeks.map((w) => {
                    const days = history.data.days.filter(
                      (d) => d.seasonId === w.seasonId && d.sectionIndex === w.sectionIndex,
                    );
                    return (
                      <tr key={`${w.seasonId}-${w.sectionIndex}`} className="border-t border-white/5">
                        <td className="px-3 py-2 whitespace-nowrap text-slate-100">{w.title}</td>
                        <td className="px-3 py-2 text-right tabular-nums text-slate-200">{w.rank ?? '–'}</td>
                        <td className="px-3 py-2 text-right tabular-nums text-slate-100">{formatNumber(w.fame)}</td>
                        <td className="px-3 py-2 text-right tabular-nums text-slate-200">{w.decksUsed}</td>
                        <td className="px-3 py-2">
                          {days.length === 0 ? (
                            <span className="text-xs text-slate-400">not reported</span>
                          ) : (
                            <DeckHeatmap
                              days={[...days]
                                .sort((a, b) => a.day - b.day)
                                .map((d) => ({
                                  day: d.day,
                                  decksUsed: d.decksUsed,
                                  decksUsedMax: d.decksUsedMax,
                                  note: noteOf(d),
                                }))}
                            />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {history.data.weeks.length === 0 ? (
              <p className="text-sm text-slate-400">No finished war week stored.</p>
            ) : null}
            <OpenWeeks history={history.data} />
          </div>
        )}
      </section>
    </Card>
  );
}
