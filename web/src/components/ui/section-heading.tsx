import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}

/** Eyebrow, title (the section's accessible name via `id`) and an optional lead paragraph. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl font-black text-white sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-3 text-slate-300">{children}</p> : null}
    </div>
  );
}
