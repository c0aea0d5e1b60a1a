import { useState } from 'react';
import { errorText } from '#web/lib/api-error';
import { Banner } from '#web/ui/panel';
import { useAbsenceReasonsMutation } from '../api/reminders-mutations';
import { useAbsenceReasons } from '../api/reminders-queries';

/**
 * Whether this clan's absence reasons show on public member pages (docs/decisions/116-absence-reasons-private.md):
 * off by default, since a reason may be medical; the text says who reads a reason either way.
 */
export function AbsenceReasonsOption() {
  const reasons = useAbsenceReasons();
  const save = useAbsenceReasonsMutation();
  // what the admin just chose, shown from the click itself until the server answers (a controlled checkbox would
  // otherwise flip back for a moment before the mutation's pending state renders)
  const [chosen, setChosen] = useState<boolean | null>(null);
  const checked = chosen ?? reasons.data?.public ?? false;
  return (
    <div className="mt-4 border-t border-ink-800 pt-3">
      <div className="flex items-start gap-2">
        <input
          id="absence-reasons-public"
          type="checkbox"
          checked={checked}
          disabled={!reasons.data || save.isPending}
          onChange={(e) => {
            setChosen(e.target.checked);
            save.mutate({ public: e.target.checked }, { onSettled: () => setChosen(null) });
          }}
          aria-describedby="absence-reasons-help"
          className="mt-0.5 h-4 w-4 accent-amber-400"
        />
        <div>
          <label htmlFor="absence-reasons-public" className="text-sm font-semibold text-slate-100">
            Show absence reasons on public member pages
          </label>
          <p id="absence-reasons-help" className="text-xs text-slate-400">
            On: anyone can read a member’s reasons on their page. Off (the default): only leaders (here and in Discord)
            and the member themselves (<code className="text-slate-300">/me</code>) see a reason; the page shows the
            dates alone.
          </p>
        </div>
      </div>
      {reasons.isError || save.isError ? (
        <div className="mt-2">
          <Banner kind="error">
            {errorText(save.error ?? reasons.error, 'Failed to read or save the absence reasons option')}
          </Banner>
        </div>
      ) : null}
    </div>
  );
}
