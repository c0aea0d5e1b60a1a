import { Swords, TrendingUp } from 'lucide-react';
import type { MemberPageResponse } from '#contracts/member-page';
import { formatDay } from '../lib/dates';
import { trendSummary, type TrendPoint } from '../lib/trend';
import { SectionCard } from './section-card';
import { TrendChart } from './trend-chart';

const empty = (text: string) => <p className="rounded-xl bg-ink-900/60 p-4 text-sm text-slate-300">{text}</p>;

/** The trophies trend (one value a day) and the fame of every stored war week. */
export function MemberTrends({ trends }: { trends: MemberPageResponse['trends'] }) {
  const trophies: TrendPoint[] = trends.trophies.map((t) => ({
    label: formatDay(t.day),
    short: formatDay(t.day).replace(/, \d{4}$/, ''),
    value: t.trophies,
  }));
  const fame: TrendPoint[] = trends.fame.map((w) => ({
    label: `Season ${w.seasonId} · Week ${w.sectionIndex + 1}`,
    short: `S${w.seasonId} W${w.sectionIndex + 1}`,
    value: w.fame,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        id="trophies-title"
        icon={<TrendingUp aria-hidden="true" className="size-5 text-sky-300" />}
        title="Trophies"
        caption="Once a day, as the clan roster showed them"
      >
        {trophies.length > 0 ? (
          <TrendChart
            points={trophies}
            summary={trendSummary('Trophies', trophies)}
            zeroBased={false}
            color="#7dd3fc"
          />
        ) : (
          empty('No trophies recorded yet: ClanOps notes them once a day while the player is in the clan.')
        )}
      </SectionCard>
      <SectionCard
        id="fame-title"
        icon={<Swords aria-hidden="true" className="size-5 text-gold-300" />}
        title="Fame per war week"
        caption="From the river race log; a gap is a week the player was not in"
      >
        {fame.length > 0 ? (
          <TrendChart points={fame} summary={trendSummary('Fame per war week', fame)} zeroBased color="#fbbf24" />
        ) : (
          empty('No finished war week of this player is stored yet.')
        )}
      </SectionCard>
    </div>
  );
}
