import { useState } from 'react';
import { Copy } from 'lucide-react';
import { Banner } from './form-controls';

/** The 10 recovery codes, shown once after enrolment (the server keeps only their hashes). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="grid gap-4">
      <Banner kind="success">
        Two-factor sign-in is on. Save these recovery codes somewhere safe: each works once if you lose your phone, and
        they will not be shown again.
      </Banner>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1.5 rounded-lg border border-ink-700 bg-ink-950 p-3 font-mono text-sm text-slate-100 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void copy()}
          className={
            'inline-flex items-center gap-2 rounded-lg border border-ink-700 px-3 py-2 text-sm ' +
            'font-semibold text-slate-200 hover:border-gold-400 hover:text-gold-300 focus-ring'
          }
        >
          <Copy className="h-4 w-4" aria-hidden />
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-lg bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-gold-300 focus-ring"
        >
          I saved them
        </button>
      </div>
    </div>
  );
}
