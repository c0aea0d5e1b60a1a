import type { InputHTMLAttributes, ReactNode } from 'react';
import { Loader2 } from 'lucide-react';

/** Small form pieces in the ink/gold theme, shared by the admin-auth screens. */

export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <main className="relative flex min-h-screen items-center justify-center overflow-hidden bg-ink-950 px-4 py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(251,191,36,0.14),transparent_60%)]"
      />
      <section className="relative w-full max-w-md rounded-2xl border border-gold-500/25 bg-ink-900/95 p-6 shadow-2xl shadow-black/50 sm:p-8">
        <p className="font-display text-xs font-bold uppercase tracking-[0.3em] text-gold-400">ClanOps Royale</p>
        <h1 className="mt-2 font-display text-2xl font-black text-white sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-slate-400">{subtitle}</p> : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </section>
    </main>
  );
}

export function TextField({
  label,
  id,
  hint,
  ...input
}: { label: ReactNode; id: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        {...input}
        className={
          'w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2.5 text-slate-100 ' +
          'placeholder:text-slate-500 transition-colors field-focus disabled:opacity-60'
        }
      />
      {hint ? <p className="text-xs text-slate-400">{hint}</p> : null}
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={
        'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-gold-400 px-4 py-2.5 font-semibold ' +
        'text-ink-950 transition-colors hover:bg-gold-300 focus-ring disabled:cursor-wait disabled:opacity-70'
      }
    >
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
      {children}
    </button>
  );
}

export { Banner } from '#web/ui/banner';
