import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { Alert } from '#web/ui/alert';
import { Card } from '#web/ui/card';
import { Skeleton } from '#web/ui/skeleton';
import { monthlyChampionsQuery } from '../api/champions-query';
import { labelChampions } from '../lib/champion-labels';
import { ChampionRow } from './champion-row';
import { useClanApi } from '#web/lib/clan-api';

export function MonthlyChampions() {
  const api = useClanApi();
  const { data, isError } = useQuery(monthlyChampionsQuery(api));
  return (
    <Card className="p-6" data-testid="monthly-champions">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-xl bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/30">
          <Crown aria-hidden="true" className="size-5" />
        </span>
        <h3 className="font-display text-xl font-black text-white">Monthly champions</h3>
      </div>
      <p className="mt-3 text-sm text-slate-300">The member with the most war fame each month takes the crown.</p>
      <div className="mt-5">
        {isError ? (
          <Alert tone="error" title="Failed to load monthly champions." />
        ) : !data ? (
          <ul aria-hidden="true" className="space-y-3">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex h-16 items-center gap-3 rounded-xl bg-white/5 px-4">
                <Skeleton className="size-9 rounded-full" />
                <Skeleton className="h-4 w-40" />
              </li>
            ))}
          </ul>
        ) : data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-white/15 px-4 py-6 text-center text-slate-300">
            No monthly champions data available
          </p>
        ) : (
          <ul className="space-y-3">
            {labelChampions(data).map((c) => (
              <ChampionRow key={`${c.year}-${c.month}-${c.playerTag}`} champion={c} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
