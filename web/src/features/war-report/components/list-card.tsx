import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '#web/ui/card';
import { ScrollBox } from '#web/ui/scroll-box';

/** One list of a War report (a clan's or the family's): its title, count and rule, the names scrolling below. */
export function ListCard({
  title,
  rule,
  icon: Icon,
  count,
  testId,
  children,
}: {
  title: string;
  rule: string;
  icon: LucideIcon;
  count: number | null;
  testId: string;
  children: ReactNode;
}) {
  const id = `war-list-${testId}`;
  return (
    <Card className="p-4 sm:p-5" data-testid={testId}>
      <section aria-labelledby={id}>
        <h3 id={id} className="flex items-center gap-2 font-display text-base font-bold text-white">
          <Icon className="h-4 w-4 text-gold-400" aria-hidden />
          {title}
          {count !== null ? <CountBadge count={count} /> : null}
        </h3>
        <p className="mt-1 text-xs text-slate-400">{rule}</p>
        <ScrollBox label={title} className="mt-3 max-h-[26rem] overflow-y-auto rounded pr-1">
          {children}
        </ScrollBox>
      </section>
    </Card>
  );
}

/** How many names a list holds, at the end of its heading. */
export function CountBadge({ count }: { count: number }) {
  return (
    <span className="ml-auto rounded-full bg-ink-700 px-2 py-0.5 text-xs font-semibold text-slate-200">{count}</span>
  );
}
