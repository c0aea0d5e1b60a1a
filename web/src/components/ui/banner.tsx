import type { ReactNode } from 'react';
import { CheckCircle2, ShieldAlert } from 'lucide-react';

/** Success or error banner of a card (docs/product.md §8); errors are announced (role="alert"). */
export function Banner({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  const Icon = kind === 'error' ? ShieldAlert : CheckCircle2;
  const tone =
    kind === 'error'
      ? 'border-red-500/50 bg-red-950/60 text-red-100'
      : 'border-emerald-500/50 bg-emerald-950/60 text-emerald-100';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm ${tone}`}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}
