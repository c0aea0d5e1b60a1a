import type { HTMLAttributes } from 'react';

/** The framed panel every statistic, rule and table sits on. */
export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl border border-white/10 bg-gradient-to-b from-ink-800/90 to-ink-900/90 shadow-lg shadow-black/30 ${className}`}
      {...props}
    />
  );
}
