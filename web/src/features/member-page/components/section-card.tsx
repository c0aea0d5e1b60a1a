import type { ReactNode } from 'react';
import { Card } from '#web/ui/card';

/** A titled card of the member page (trends, titles, absences), with an optional caption under its title. */
export function SectionCard({
  id,
  icon,
  title,
  caption,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  caption?: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="flex items-center gap-2 font-display text-lg font-black text-white">
          {icon}
          {title}
        </h2>
        {caption && <p className="mt-1 text-sm text-slate-300">{caption}</p>}
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}
