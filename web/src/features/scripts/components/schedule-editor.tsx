import { useState, type FormEvent } from 'react';
import { Clock } from 'lucide-react';
import { CRON_MAX_LENGTH, scheduleInputSchema, type ScriptInfo } from '#contracts/admin-scripts';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { SCHEDULE_FAILED, SCHEDULE_UPDATED } from '../api/messages';
import { useUpdateScheduleMutation } from '../api/scripts-mutations';
import { useSchedule } from '../api/scripts-queries';
import { Banner, GhostButton, GoldButton, Panel } from '#web/ui/panel';

/** Free-text cron editor: the contract's rules first, then the server checks it with the scheduler's parser (docs/product.md §5). */
export function ScheduleEditor({ script }: { script: ScriptInfo }) {
  const schedule = useSchedule(script);
  const update = useUpdateScheduleMutation(script);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = draft ?? schedule.data?.schedule ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(scheduleInputSchema, { schedule: value });
    setProblem(check.ok ? null : check.message);
    if (!check.ok) {
      update.reset();
      return;
    }
    update.mutate(check.data, { onSuccess: () => setDraft(null) });
  };
  const error = problem ?? (update.isError ? errorText(update.error, SCHEDULE_FAILED[script.id]) : null);

  return (
    <Panel title="Schedule" icon={Clock} labelId={`schedule-${script.id}`}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <div className="grid gap-1.5">
          <label htmlFor={`cron-${script.id}`} className="text-sm font-medium text-slate-200">
            Cron expression ({schedule.data?.timezone ?? 'New York time'})
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`cron-${script.id}`}
              value={value}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={CRON_MAX_LENGTH}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={`cron-hint-${script.id}`}
              className="min-w-0 flex-1 rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 font-mono text-slate-100 field-focus"
            />
            <GoldButton type="submit" busy={update.isPending} disabled={!schedule.data}>
              {update.isPending ? 'Saving…' : 'Save schedule'}
            </GoldButton>
          </div>
          {schedule.data ? (
            <p className="text-sm text-slate-300" data-testid="schedule-description">
              Runs <strong className="font-semibold text-white">{lowerFirst(schedule.data.description)}</strong>
            </p>
          ) : null}
          <p id={`cron-hint-${script.id}`} className="text-xs text-slate-400">
            Five fields: minute hour day-of-month month day-of-week, at least 5 minutes apart. Default{' '}
            <code className="whitespace-nowrap font-mono text-gold-300">{script.defaultSchedule}</code>.
          </p>
        </div>
        {value !== script.defaultSchedule ? (
          <div>
            <GhostButton onClick={() => setDraft(script.defaultSchedule)}>Use the default</GhostButton>
          </div>
        ) : null}
      </form>
      <div className="mt-3 grid gap-2" aria-live="polite">
        {error ? <Banner kind="error">{error}</Banner> : null}
        {update.isSuccess && !error ? <Banner kind="success">{SCHEDULE_UPDATED[script.id]}</Banner> : null}
      </div>
    </Panel>
  );
}

/** "At 05:55 AM" → "at 05:55 AM" after "Runs". */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
