import { Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

interface AlertProps {
  tone: 'error' | 'info';
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** An inline message; errors are announced by screen readers (role="alert"). */
export function Alert({ tone, title, children, className = '' }: AlertProps) {
  const Icon = tone === 'error' ? TriangleAlert : Info;
  const colours =
    tone === 'error' ? 'border-red-400/40 bg-red-950/50 text-red-100' : 'border-sky-400/30 bg-sky-950/40 text-sky-100';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-xl border p-4 ${colours} ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1 text-sm">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}
