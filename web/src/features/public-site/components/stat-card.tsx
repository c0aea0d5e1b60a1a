import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '#web/ui/card';
import { Skeleton } from '#web/ui/skeleton';

export type Accent = 'gold' | 'sky' | 'violet' | 'emerald' | 'rose';

const ACCENTS: Record<Accent, string> = {
  gold: 'bg-gold-400/15 text-gold-300 ring-gold-400/30',
  sky: 'bg-sky-400/15 text-sky-300 ring-sky-400/30',
  violet: 'bg-violet-400/15 text-violet-300 ring-violet-400/30',
  emerald: 'bg-emerald-400/15 text-emerald-300 ring-emerald-400/30',
  rose: 'bg-rose-400/15 text-rose-300 ring-rose-400/30',
};

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  /** `undefined` while loading: a skeleton of the same height takes its place */
  value: ReactNode | undefined;
  detail?: ReactNode;
  accent?: Accent;
  testId?: string;
}

export function StatCard({ icon: Icon, label, value, detail, accent = 'gold', testId }: StatCardProps) {
  const loading = value === undefined;
  return (
    <Card className="flex flex-col gap-2 p-4 sm:gap-3 sm:p-5" data-testid={testId} aria-busy={loading}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <span className={`grid size-9 shrink-0 place-items-center rounded-xl ring-1 sm:size-10 ${ACCENTS[accent]}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="text-xs font-semibold tracking-wide text-slate-300 uppercase sm:text-sm">{label}</h3>
      </div>
      <p
        className="flex h-8 items-center font-display text-2xl font-black whitespace-nowrap text-white tabular-nums sm:h-9 sm:text-3xl"
        data-part="value"
      >
        {loading ? <Skeleton className="h-7 w-24" /> : value}
      </p>
      <div className="min-h-5 text-sm text-slate-300" data-part="detail">
        {loading ? <Skeleton className="h-4 w-28" /> : detail}
      </div>
    </Card>
  );
}
