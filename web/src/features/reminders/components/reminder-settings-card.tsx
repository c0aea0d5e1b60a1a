import { useState, type FormEvent } from 'react';
import { BellRing } from 'lucide-react';
import { Banner } from '#web/ui/banner';
import { reminderSettingsInputSchema } from '#contracts/admin-reminders';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useUpdateRemindersMutation } from '../api/reminders-mutations';
import { useReminderSettings } from '../api/reminders-queries';
import { formatOffsets, parseOffsets } from '../lib/offsets';
import { GoldButton, Panel, inputClass } from '#web/ui/panel';

function when(iso: string, timeZone: string): string {
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
  return `${local} (${iso.slice(11, 16)} UTC)`;
}

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

/** Reminder times before the predicted reset, with the prediction and its margin (docs/reminders.md). */
export function ReminderSettingsCard() {
  const settings = useReminderSettings();
  const update = useUpdateRemindersMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [lineDraft, setLineDraft] = useState<boolean | null>(null);
  const value = draft ?? (settings.data ? formatOffsets(settings.data.offsetsMinutes) : '');
  const projectionLine = lineDraft ?? settings.data?.projectionLine ?? false;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseOffsets(value);
    const check = parsed.ok ? checkForm(reminderSettingsInputSchema, { offsetsMinutes: parsed.minutes }) : null;
    const message = !parsed.ok ? parsed.message : check && !check.ok ? check.message : null;
    setProblem(message);
    if (message || !check?.ok) return update.reset();
    update.mutate(
      { offsetsMinutes: check.data.offsetsMinutes, projectionLine },
      {
        onSuccess: () => {
          setDraft(null);
          setLineDraft(null);
        },
      },
    );
  };
  const error = problem ?? (update.isError ? errorText(update.error, 'Failed to update reminder times') : null);
  const data = settings.data;

  return (
    <Panel title="Reminder times" icon={BellRing} labelId="reminder-times">
      {settings.isError ? (
        <Banner kind="error">{errorText(settings.error, 'Failed to load the reminder settings')}</Banner>
      ) : null}
      {data ? (
        <div className="mb-4 rounded-lg border border-ink-700 bg-ink-950/60 p-3 text-sm" data-testid="reset-prediction">
          {data.prediction ? (
            <>
              <p className="text-slate-200">
                Next war reset predicted{' '}
                <strong className="text-white">{when(data.prediction.at, data.timezone)}</strong>, ±{' '}
                {minutes(data.prediction.marginMs)}
              </p>
              <p className="mt-1 text-xs text-slate-400">
                From the {data.prediction.basis} resets observed in the last days; the margin covers how far they
                strayed.
              </p>
            </>
          ) : (
            <p className="text-slate-300">
              Not enough resets observed yet to predict the next one: reminders start once two daily resets have been
              seen in the war snapshots.
            </p>
          )}
          {data.nextReminders.length > 0 ? (
            <p className="mt-2 text-xs text-slate-300">
              Next reminders: {data.nextReminders.map((r) => when(r, data.timezone)).join(' · ')}
            </p>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={submit} className="grid gap-2" noValidate>
        <label htmlFor="reminder-offsets" className="text-sm font-medium text-slate-200">
          Remind this long before the reset (battle days only)
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="reminder-offsets"
            value={value}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="6h, 1h"
            spellCheck={false}
            autoComplete="off"
            aria-describedby="reminder-offsets-hint"
            className={`flex-1 font-mono ${inputClass}`}
          />
          <GoldButton type="submit" busy={update.isPending} disabled={!data}>
            {update.isPending ? 'Saving…' : 'Save times'}
          </GoldButton>
        </div>
        <p id="reminder-offsets-hint" className="text-xs text-slate-400">
          Comma separated, from 10m to 23h, e.g. “6h, 1h” or “3h 30m”. Leave empty to send no reminders.
        </p>
        <label className="flex items-start gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={projectionLine}
            onChange={(e) => setLineDraft(e.target.checked)}
            disabled={!data}
            className="mt-1"
            data-testid="projection-line"
          />
          <span>
            End the reminder and the day report with the race projection (“Projected at battle day 2: 2nd (1st–3rd),
            crossing at the close of day 3 (70%)”)
          </span>
        </label>
        <div aria-live="polite" className="grid gap-2">
          {error ? <Banner kind="error">{error}</Banner> : null}
          {update.isSuccess && !error ? <Banner kind="success">{update.data.message}</Banner> : null}
        </div>
      </form>
    </Panel>
  );
}
