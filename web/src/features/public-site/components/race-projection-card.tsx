import { useQuery } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import type { ClanProjectionView, RaceProjectionResponse } from '#contracts/race-projection';
import { ordinal, percent, placeText, RANGE_NOTE, recordText } from '#contracts/race-projection-text';
import { Card } from '#web/ui/card';
import { formatNumber } from '#web/lib/format';
import { useClanApi } from '#web/lib/clan-api';
import { raceProjectionQuery } from '../api/public-queries';

const range = (r: { low: number; high: number }) =>
  r.low === r.high ? formatNumber(r.low) : `${formatNumber(r.low)}–${formatNumber(r.high)}`;

function outcome(c: ClanProjectionView, mode: 'normal' | 'colosseum'): string {
  if (c.finished) return 'Over the line';
  if (c.finish) return `Crosses at day ${c.finish.day}'s close (${percent(c.finish.chance)})`;
  return `${range(c.final)} ${mode === 'colosseum' ? 'medals' : 'fame'}`;
}

function PassLine({ pass, mode }: { pass: NonNullable<RaceProjectionResponse['projection']>['pass']; mode: string }) {
  if (!pass) return null;
  const pace = pass.decksAtOurPace !== null ? `${formatNumber(pass.decksAtOurPace)} decks at our pace, or ` : '';
  const rate =
    pass.winRate === null
      ? `more than the ${formatNumber(pass.decksLeft)} decks left can give`
      : `a ${percent(pass.winRate)} win rate on the ${formatNumber(pass.decksLeft)} decks left`;
  return (
    <p className="mt-4 text-sm text-slate-200">
      To out-score <span className="font-semibold text-white">{pass.aheadName}</span>{' '}
      {mode === 'normal' ? 'today' : 'by the end'}: {formatNumber(pass.medalsNeeded)} more medals — {pace}
      {rate}.
    </p>
  );
}

/** docs/war-tracking.md "Where the race will end": the public War card — every clan's projected end, as ranges. */
export default function RaceProjectionCard() {
  const api = useClanApi();
  const query = useQuery(raceProjectionQuery(api));
  const data = query.data;
  const p = data?.projection ?? null;
  const record = p && data ? recordText(data.record, p.day) : null;
  const order = p ? [...p.clans].sort((a, b) => a.place.mid - b.place.mid || b.final.mid - a.final.mid) : [];
  return (
    <Card className="p-6" data-testid="race-projection">
      <section aria-labelledby="race-projection-title">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-xl bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/30">
            <Flag aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 id="race-projection-title" className="font-display text-xl font-black text-white">
              This week’s race
            </h3>
            <p className="text-sm text-slate-300">
              {query.isError
                ? 'Unavailable'
                : p
                  ? `Projected on battle day ${p.day} · ${RANGE_NOTE}`
                  : data
                    ? 'Projected on battle days (Thursday to Sunday)'
                    : 'Loading…'}
            </p>
          </div>
        </div>
        {p ? (
          <div className="mt-5">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Projected end of the race for every clan</caption>
              <thead className="text-xs tracking-wide text-gold-300 uppercase">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Place
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Clan
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Projected end
                  </th>
                  <th scope="col" className="hidden py-1 sm:table-cell">
                    Places
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.map((c) => {
                  const ours = c.tag === data?.clanTag;
                  return (
                    <tr key={c.tag} className={ours ? 'font-semibold text-white' : 'text-slate-200'}>
                      <td className="py-1.5 pr-3 tabular-nums">{ordinal(c.place.mid)}</td>
                      <td className="py-1.5 pr-3 break-words">
                        {c.name}
                        {c.place.best !== c.place.worst ? (
                          <span className="block text-xs font-normal text-slate-300 sm:hidden">
                            Could end {ordinal(c.place.best)}–{ordinal(c.place.worst)} ({percent(c.place.chanceOfMid)}{' '}
                            {ordinal(c.place.mid)})
                          </span>
                        ) : null}
                      </td>
                      <td className="py-1.5 pr-3 tabular-nums">{outcome(c, p.mode)}</td>
                      <td className="hidden py-1.5 text-slate-300 sm:table-cell">{placeText(c.place)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <PassLine pass={p.pass} mode={p.mode} />
            <p className="mt-2 text-xs text-slate-400">
              {record ? `Track record: ${record}.` : 'Track record: shown once a projected week has ended.'}
            </p>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
