import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Flame, Medal } from 'lucide-react';
import { displayName } from '#web/lib/player-name';
import { formatNumber } from '#web/lib/format';
import { bestFameQuery, highestWarDayQuery, highestWarWeekQuery } from '../api/public-queries';
import { StatCard } from './stat-card';
import { useClanApi } from '#web/lib/clan-api';

const NO_RECORD = <span className="text-xl text-slate-300 sm:text-2xl">No record yet</span>;

export function WarRecordCards() {
  const api = useClanApi();
  const week = useQuery(highestWarWeekQuery(api));
  const day = useQuery(highestWarDayQuery(api));
  const best = useQuery(bestFameQuery(api));

  const weekValue = week.isError
    ? '—'
    : week.data
      ? week.data.totalFame === null
        ? NO_RECORD
        : `${formatNumber(week.data.totalFame)} fame`
      : undefined;
  const dayValue = day.isError
    ? '—'
    : day.data
      ? day.data.pointsEarned === null
        ? NO_RECORD
        : `${formatNumber(day.data.pointsEarned)} medals`
      : undefined;
  const bestFame = best.data?.playerName && best.data.fame !== null ? best.data : null;

  return (
    <div className="grid gap-3 sm:gap-4 md:grid-cols-3">
      <StatCard
        icon={Flame}
        label="Strongest war week"
        value={weekValue}
        detail={week.isError ? 'Unavailable' : (week.data?.weekTitle ?? 'Recorded after the first war week')}
        accent="rose"
        testId="war-week-card"
      />
      <StatCard
        icon={CalendarDays}
        label="Highest war day"
        value={dayValue}
        detail={day.isError ? 'Unavailable' : (day.data?.dayTitle ?? 'Recorded after the first battle day')}
        accent="gold"
        testId="war-day-card"
      />
      <StatCard
        icon={Medal}
        label="Best single-week fame"
        value={
          best.isError ? '—' : best.data ? (bestFame ? `${formatNumber(bestFame.fame)} fame` : NO_RECORD) : undefined
        }
        detail={
          best.isError
            ? 'Unavailable'
            : bestFame
              ? [displayName(bestFame.playerName), bestFame.weekTitle].filter(Boolean).join(' · ')
              : 'One member, one war week'
        }
        accent="violet"
        testId="best-fame-card"
      />
    </div>
  );
}
