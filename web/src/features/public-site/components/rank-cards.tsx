import { useQuery } from '@tanstack/react-query';
import { Globe, MapPin, Shield, Swords } from 'lucide-react';
import { formatNumber } from '#web/lib/format';
import { rankingsQuery } from '../api/public-queries';
import { StatCard } from './stat-card';
import { useClanApi } from '#web/lib/clan-api';

/** `null` = the clan is not in that ranking list (docs/architecture.md §5). */
const rank = (value: number | null) =>
  value === null ? <span className="text-xl text-slate-300 sm:text-2xl">Not ranked</span> : `#${formatNumber(value)}`;

export function RankCards() {
  const api = useClanApi();
  const { data, isError } = useQuery(rankingsQuery(api));
  const value = (pick: (d: NonNullable<typeof data>) => number | null) =>
    isError ? '—' : data ? rank(pick(data)) : undefined;
  const location = isError ? 'Unavailable' : (data?.locationName ?? 'Local');
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="rank-cards">
      <StatCard
        icon={MapPin}
        label="Local rank"
        value={value((d) => d.localRank)}
        detail={`${location} · clan score`}
        accent="emerald"
      />
      <StatCard
        icon={Globe}
        label="Global rank"
        value={value((d) => d.globalRank)}
        detail="Worldwide · clan score"
        accent="sky"
      />
      <StatCard
        icon={Shield}
        label="Local war rank"
        value={value((d) => d.localTrophyRank)}
        detail={`${location} · war trophies`}
        accent="violet"
      />
      <StatCard
        icon={Swords}
        label="Global war rank"
        value={value((d) => d.globalTrophyRank)}
        detail="Worldwide · war trophies"
        accent="rose"
      />
    </div>
  );
}
