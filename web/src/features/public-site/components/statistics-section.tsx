import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { SectionHeading } from '#web/ui/section-heading';
import { clanQuery, leaderQuery } from '../api/public-queries';
import { RankCards } from './rank-cards';
import { StatisticsError } from './statistics-error';
import { SummaryCards } from './summary-cards';
import { WarRecordCards } from './war-record-cards';
import { WarRulesPanel } from './war-rules-panel';
import { useClanApi } from '#web/lib/clan-api';

/** Its own chunk: the chart stays out of the public page's initial JavaScript (docs/architecture.md §9). */
const LastWarCard = lazy(() => import('./last-war-card'));
const RaceProjectionCard = lazy(() => import('./race-projection-card'));

/** docs/product.md §2 item 4. `champions` is the monthly champions list (its own feature, composed by the app). */
export function StatisticsSection({ champions }: { champions: ReactNode }) {
  const api = useClanApi();
  const clan = useQuery(clanQuery(api));
  // docs/product.md §3: the leader is fetched but not shown; its failure counts as a statistics failure.
  const leader = useQuery(leaderQuery(api));
  return (
    <section id="statistics" aria-labelledby="statistics-title" className="scroll-mt-16 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="statistics-title" eyebrow="Live from the game" title="Clan statistics">
          Rankings, war records and the numbers behind the clan.
        </SectionHeading>
        {clan.isError || leader.isError ? <StatisticsError /> : null}
        <div className="space-y-3 sm:space-y-4">
          <RankCards />
          <WarRecordCards />
          <Suspense fallback={<div className="h-40 rounded-2xl border border-white/10 bg-ink-900/60" />}>
            <RaceProjectionCard />
          </Suspense>
          <Suspense fallback={<div className="h-[22rem] rounded-2xl border border-white/10 bg-ink-900/60" />}>
            <LastWarCard />
          </Suspense>
          <SummaryCards />
        </div>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          {champions}
          <WarRulesPanel />
        </div>
      </div>
    </section>
  );
}
