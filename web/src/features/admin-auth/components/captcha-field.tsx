import { RefreshCw } from 'lucide-react';
import type { CaptchaResponse } from '#contracts/admin-auth';
import { TextField } from './form-controls';

/** The arithmetic question and its numeric answer, with a button for a new question. */
export function CaptchaField({
  captcha,
  loading,
  answer,
  onAnswer,
  onReload,
}: {
  captcha: CaptchaResponse | null;
  loading: boolean;
  answer: string;
  onAnswer: (value: string) => void;
  onReload: () => void;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-3 rounded-lg border border-gold-500/20 bg-ink-800/70 px-3 py-2">
        <p className="font-display text-base font-bold text-gold-300" data-testid="captcha-question" aria-live="polite">
          {captcha ? captcha.question : loading ? 'Loading question…' : 'No question loaded'}
        </p>
        <button
          type="button"
          onClick={onReload}
          aria-label="New captcha question"
          className="rounded-md p-1.5 text-slate-300 hover:bg-ink-700 hover:text-gold-300 focus-ring-tight"
        >
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
        </button>
      </div>
      <TextField
        id="captcha-answer"
        label="Captcha answer"
        type="text"
        inputMode="numeric"
        pattern="-?[0-9]+"
        autoComplete="off"
        required
        value={answer}
        onChange={(e) => onAnswer(e.target.value)}
        placeholder="Your answer"
      />
    </div>
  );
}
