import { useEffect, useState, type FormEvent } from 'react';
import { Gavel } from 'lucide-react';
import { strikeRulesSchema } from '#contracts/admin-leaders';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { Banner, GoldButton, Panel, inputClass } from '#web/ui/panel';
import { useStrikeRulesMutation } from '../api/leaders-mutations';
import { useStrikeRules } from '../api/leaders-queries';

const label = 'mb-1 block text-xs font-semibold text-slate-300';

/** The clan's strike rules: how many active strikes put a member at risk, and how long a strike counts. */
export function StrikeRulesCard() {
  const rules = useStrikeRules();
  const save = useStrikeRulesMutation();
  const [form, setForm] = useState({ threshold: '3', days: '30', auto: false, dm: false });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (rules.data)
      setForm({
        threshold: String(rules.data.threshold),
        days: String(rules.data.days),
        auto: rules.data.auto,
        dm: rules.data.dm,
      });
  }, [rules.data]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { threshold: Number(form.threshold), days: Number(form.days), auto: form.auto, dm: form.dm };
    const check = checkForm(strikeRulesSchema, input);
    setProblem(check.ok ? null : check.message);
    if (check.ok) save.mutate(input);
  };
  return (
    <Panel title="Strike rules" icon={Gavel} labelId="strike-rules">
      {rules.data ? <p className="mb-3 text-sm text-slate-400">{rules.data.caption}</p> : null}
      <form onSubmit={submit} noValidate aria-label="Strike rules" className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="strike-threshold" className={label}>
            Active strikes that put a member at risk
          </label>
          <input
            id="strike-threshold"
            inputMode="numeric"
            value={form.threshold}
            onChange={(e) => setForm((f) => ({ ...f, threshold: e.target.value }))}
            className={`w-full ${inputClass}`}
          />
        </div>
        <div>
          <label htmlFor="strike-days" className={label}>
            Days a strike counts
          </label>
          <input
            id="strike-days"
            inputMode="numeric"
            value={form.days}
            onChange={(e) => setForm((f) => ({ ...f, days: e.target.value }))}
            className={`w-full ${inputClass}`}
          />
        </div>
        <label htmlFor="strike-auto" className="flex items-center gap-2 text-sm text-slate-200 sm:col-span-2">
          <input
            id="strike-auto"
            type="checkbox"
            checked={form.auto}
            onChange={(e) => setForm((f) => ({ ...f, auto: e.target.checked }))}
            className="h-4 w-4 accent-gold-400"
          />
          Automatic strikes for a 0/4 judged day or a week below the fame minimum
        </label>
        <label htmlFor="strike-dm" className="flex items-center gap-2 text-sm text-slate-200 sm:col-span-2">
          <input
            id="strike-dm"
            type="checkbox"
            checked={form.dm}
            onChange={(e) => setForm((f) => ({ ...f, dm: e.target.checked }))}
            className="h-4 w-4 accent-gold-400"
          />
          Tell the player of a strike by direct message (their proven Discord link)
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <GoldButton type="submit" busy={save.isPending}>
            Save rules
          </GoldButton>
          {save.isSuccess ? <Banner kind="success">Strike rules saved.</Banner> : null}
        </div>
        {problem || save.isError ? (
          <div className="sm:col-span-2">
            <Banner kind="error">{problem ?? errorText(save.error, 'Failed to save the rules')}</Banner>
          </div>
        ) : null}
      </form>
    </Panel>
  );
}
