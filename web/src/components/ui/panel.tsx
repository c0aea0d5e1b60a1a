import type { LucideIcon } from 'lucide-react';
import { Loader2 } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Card } from './card';

/** A titled card of the admin tabs (Script Management, Reminders). */
export function Panel({
  title,
  icon: Icon,
  action,
  children,
  className = '',
  labelId,
}: {
  title: string;
  icon: LucideIcon;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  labelId?: string;
}) {
  return (
    <Card className={`p-4 sm:p-5 ${className}`}>
      <section aria-labelledby={labelId}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 id={labelId} className="flex items-center gap-2 font-display text-base font-bold text-white">
            <Icon className="h-4 w-4 text-gold-400" aria-hidden />
            {title}
          </h3>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

export function GoldButton({
  busy,
  children,
  className = '',
  ...props
}: { busy?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      disabled={busy || props.disabled}
      className={
        `inline-flex items-center justify-center gap-2 rounded-lg bg-gold-400 px-4 py-2.5 text-sm font-semibold text-ink-950 ` +
        `transition-colors hover:bg-gold-300 focus-ring disabled:cursor-not-allowed disabled:opacity-70 ${className}`
      }
    >
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
      {children}
    </button>
  );
}

export function GhostButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={
        `inline-flex items-center gap-1.5 rounded-lg border border-ink-700 px-3 py-1.5 text-xs font-semibold ` +
        `text-slate-200 transition-colors hover:border-gold-400 hover:text-gold-300 focus-ring ${className}`
      }
    />
  );
}

export { Banner } from './banner';

/** A text field inside a panel. */
export const inputClass =
  'min-w-0 rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-sm text-slate-100 field-focus';
