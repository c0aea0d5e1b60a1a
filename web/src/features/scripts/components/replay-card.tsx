import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { replayInputSchema, type ScriptInfo } from '#contracts/admin-scripts';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { REPLAY_FAILED } from '../api/messages';
import { useReplayMutation } from '../api/scripts-mutations';
import { Banner, GoldButton, Panel } from '#web/ui/panel';

/** docs/product.md §5: the client's own wording of the day rule. */
const DAY_MESSAGES = { day: 'Choose a battle day from 1 to 4.' };

/** Re-sends a stored battle day's report (inactive-players only); day 1–4 only (docs/product.md §5). */
export function ReplayCard({ script }: { script: ScriptInfo }) {
  const replay = useReplayMutation(script);
  const [day, setDay] = useState('1');
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(replayInputSchema, { day: day.trim() === '' ? Number.NaN : Number(day) }, DAY_MESSAGES);
    setInvalid(check.ok ? null : check.message);
    if (check.ok) replay.mutate(check.data);
  };

  return (
    <Panel title="Replay notification" icon={Send} labelId={`replay-${script.id}`}>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <label htmlFor="replay-day" className="text-sm font-medium text-slate-200">
            Battle day (1–4)
          </label>
          <input
            id="replay-day"
            type="number"
            inputMode="numeric"
            min={1}
            max={4}
            step={1}
            value={day}
            aria-invalid={invalid !== null}
            aria-describedby={invalid ? 'replay-day-error' : undefined}
            onChange={(e) => setDay(e.target.value)}
            className="w-24 rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-slate-100 field-focus"
          />
        </div>
        <GoldButton type="submit" busy={replay.isPending}>
          {replay.isPending ? 'Sending…' : 'Replay'}
        </GoldButton>
      </form>
      <div className="mt-3 grid gap-2" aria-live="polite">
        {invalid ? (
          <p id="replay-day-error" className="text-sm text-red-300">
            {invalid}
          </p>
        ) : null}
        {replay.isError ? <Banner kind="error">{errorText(replay.error, REPLAY_FAILED)}</Banner> : null}
        {replay.isSuccess ? (
          <Banner kind="success">
            {replay.data.message} Players notified: {replay.data.playersNotified}.
          </Banner>
        ) : null}
      </div>
    </Panel>
  );
}
