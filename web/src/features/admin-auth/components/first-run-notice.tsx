import { KeyRound } from 'lucide-react';
import { DEPLOY_PATHS, GENERATED_PASSWORD_LINE } from '../lib/first-run';

function Command({ children }: { children: string }) {
  return (
    <code
      className={
        'block whitespace-pre-wrap rounded-md border border-ink-700 bg-ink-950 ' +
        'px-2.5 py-1.5 font-mono text-xs text-slate-100 [overflow-wrap:anywhere]'
      }
    >
      {children}
    </code>
  );
}

/**
 * A fresh install: the first start printed a generated password once in the server log. Says
 * which line and how to find it for each way of running ClanOps; never shows the password.
 */
export function FirstRunNotice() {
  return (
    <section
      aria-labelledby="first-run-title"
      className="mb-6 rounded-xl border border-gold-500/30 bg-gold-400/5 p-4 text-sm text-slate-300"
    >
      <h2 id="first-run-title" className="flex items-center gap-2 font-semibold text-gold-300">
        <KeyRound aria-hidden className="size-4 shrink-0" />
        First start: your password is in the server log
      </h2>
      <p className="mt-2">
        The username is <strong className="text-slate-100">admin</strong> (or <code>ADMIN_USERNAME</code>). ClanOps
        generated a password and printed it once, on this line:
      </p>
      <div className="mt-2">
        <Command>{GENERATED_PASSWORD_LINE}</Command>
      </div>
      <dl className="mt-3 grid gap-2">
        {DEPLOY_PATHS.map((path) => (
          <div key={path.name} className="grid min-w-0 gap-1">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">{path.name}</dt>
            <dd className="min-w-0">
              {path.find.startsWith('the ') ? <p>{path.find}</p> : <Command>{path.find}</Command>}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">You choose your own password right after the first login; this notice then goes away.</p>
      <details className="mt-2">
        <summary className="cursor-pointer font-medium text-gold-300">
          Line lost? Set a new password from the shell
        </summary>
        <dl className="mt-2 grid gap-2">
          {DEPLOY_PATHS.map((path) => (
            <div key={path.name} className="grid min-w-0 gap-1">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">{path.name}</dt>
              <dd className="min-w-0">
                {path.reset.startsWith('see ') ? <p>{path.reset}</p> : <Command>{path.reset}</Command>}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
