import { useQuery } from '@tanstack/react-query';
import { Gift, Swords, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { siteContent } from '#contracts/site-content';
import { formatNumber } from '#web/lib/format';
import { clanQuery } from '../api/public-queries';
import { capacityText } from '../lib/capacity';
import { StatCard } from './stat-card';
import { useClanApi } from '#web/lib/clan-api';

export function SummaryCards() {
  const api = useClanApi();
  const { data, isError } = useQuery(clanQuery(api));
  const { summarySubtitles: sub, memberCapacity } = siteContent;
  const value = (pick: (d: NonNullable<typeof data>) => ReactNode) => (isError ? '—' : data ? pick(data) : undefined);
  const detail = (text: string) => (isError ? 'Unavailable' : text);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="summary-cards">
      <StatCard
        icon={Trophy}
        label="Clan score"
        value={value((d) => formatNumber(d.clanScore))}
        detail={detail(sub.clanScore)}
      />
      <StatCard
        icon={Swords}
        label="War trophies"
        value={value((d) => formatNumber(d.clanWarTrophies))}
        detail={detail(sub.warTrophies)}
        accent="violet"
      />
      <StatCard
        icon={Users}
        label="Members"
        value={value((d) => (
          <>
            {d.members}
            <span className="text-xl text-slate-300">/{memberCapacity}</span>
          </>
        ))}
        detail={
          isError ? 'Unavailable' : data ? <span data-testid="capacity">{capacityText(data.members)}</span> : undefined
        }
        accent="emerald"
        testId="members-card"
      />
      <StatCard
        icon={Gift}
        label="Donations / week"
        value={value((d) => formatNumber(d.donationsPerWeek))}
        detail={detail(sub.donations)}
        accent="sky"
      />
    </div>
  );
}
