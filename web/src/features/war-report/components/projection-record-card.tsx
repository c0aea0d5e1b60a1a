import { Flag } from 'lucide-react';
import type { ProjectionRecord } from '#contracts/race-projection';
import { ordinal, projectedSummary, RANGE_NOTE } from '#contracts/race-projection-text';
import { errorText } from '#web/lib/api-error';
import { formatNumber } from '#web/lib/format';
import { Banner } from '#web/ui/banner';
import { Card } from '#web/ui/card';
import { useRaceProjection } from '../api/war-report-queries';

/** The record per battle day's start: placed right N of M weeks, and the mean error of the final fame. */
function RecordTable({ record }: { record: ProjectionRecord }) {
  if (record.byDay.length === 0)
    return (
      <p className="mt-2 text-sm text-slate-300" data-testid="projection-record-empty">
        No week scored yet: a projection kept at a battle day’s start is scored once the river race log has stored its
        week.
      </p>
    );
  return (
    <table className="mt-2 w-full text-left text-sm" data-testid="projection-record">
      <caption className="sr-only">How often the projection made at each battle day’s start was right</caption>
      <thead className="text-xs tracking-wide text-gold-300 uppercase">
        <tr>
          <th scope="col" className="py-1 pr-3">
            Start of battle day
          </th>
          <th scope="col" className="py-1 pr-3">
            Place right
          </th>
          <th scope="col" className="py-1">
            Mean fame error
          </th>
        </tr>
      </thead>
      <tbody className="text-slate-200">
        {record.byDay.map((r) => (
          <tr key={r.day}>
            <td className="py-1.5 pr-3">Day {r.day}</td>
            <td className={`py-1.5 pr-3 tabular-nums ${r.placedRight * 2 < r.weeks ? 'text-amber-300' : ''}`}>
              {r.placedRight} of {r.weeks} week{r.weeks === 1 ? '' : 's'}
            </td>
            <td className="py-1.5 tabular-nums">{formatNumber(r.meanFameError)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The War report's view of the race projection: every clan with its ranges, and the full track record. */
export function ProjectionRecordCard() {
  const query = useRaceProjection();
  const data = query.data;
  const p = data?.projection ?? null;
  const order = p ? [...p.clans].sort((a, b) => a.place.mid - b.place.mid || b.final.mid - a.final.mid) : [];
  return (
    <Card className="p-4 sm:p-5" data-testid="admin-race-projection">
      <section aria-labelledby="admin-race-projection-title">
        <h3
          id="admin-race-projection-title"
          className="flex items-center gap-2 font-display text-base font-bold text-white"
        >
          <Flag className="h-4 w-4 text-gold-400" aria-hidden />
          Race projection
        </h3>
        <p className="mt-1 text-xs text-slate-400">
          {p
            ? `Projected on battle day ${p.day} · ${RANGE_NOTE}`
            : data
              ? 'Projected on battle days (Thursday to Sunday)'
              : query.isError
                ? ''
                : 'Loading…'}
        </p>
        {query.isError ? <Banner kind="error">{errorText(query.error, 'Failed to load the projection')}</Banner> : null}
        {p ? (
          <ol className="mt-3 grid gap-1.5 text-sm" aria-label="Projected end of the race for every clan">
            {order.map((c) => (
              <li
                key={c.tag}
                className={c.tag === data?.clanTag ? 'font-semibold text-white' : 'text-slate-200'}
                data-testid="admin-projection-clan"
              >
                <span className="tabular-nums">{ordinal(c.place.mid)}</span>{' '}
                <span className="break-words">{c.name}</span>
                <span className="block text-xs font-normal text-slate-300">
                  projected {projectedSummary(c, p.mode)}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
        {data ? (
          <>
            <h4 className="mt-4 text-sm font-semibold text-slate-100">Track record</h4>
            <RecordTable record={data.record} />
          </>
        ) : null}
      </section>
    </Card>
  );
}
