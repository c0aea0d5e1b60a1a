import { Loader2, Settings2 } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { warRulesSchema, type WarRules } from '#contracts/war-rules';
import { Alert } from '#web/ui/alert';
import { Card } from '#web/ui/card';
import { toast } from '#web/ui/toaster';
import { errorText } from '#web/lib/api-error';
import { useSaveWarRulesMutation, useWarRules } from '../api/war-report-queries';

const inputClass =
  'w-24 rounded-lg border border-ink-700 bg-ink-950 px-2.5 py-1.5 text-right text-slate-100 tabular-nums field-focus';

function NumberField({
  id,
  label,
  hint,
  value,
  onChange,
  optional,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  value: number | null;
  onChange: (v: number | null) => void;
  optional?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm text-slate-200">
        {label}
        {hint ? <span className="block text-xs text-slate-400">{hint}</span> : null}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={inputClass}
        value={value ?? ''}
        placeholder={optional ? 'off' : undefined}
        onChange={(e) => onChange(e.target.value === '' ? (optional ? null : Number.NaN) : Number(e.target.value))}
      />
    </div>
  );
}

/** The clan's war rules as the admin edits them; the server validates and answers with the reason. */
export function RulesForm() {
  const rules = useWarRules();
  const save = useSaveWarRulesMutation();
  const [draft, setDraft] = useState<WarRules | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (rules.data) setDraft(rules.data);
  }, [rules.data]);

  const set = (patch: Partial<WarRules>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    // the server checks the same schema; checking first names the problem without a round trip
    const parsed = warRulesSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue?.code === 'invalid_type' ? 'Fill in every rule with a whole number.' : (issue?.message ?? null));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => toast({ title: 'War rules saved' }) });
  };
  const toggleRole = (role: 'member' | 'elder', on: boolean) =>
    draft &&
    set({
      promotion: {
        ...draft.promotion,
        fromRoles: on
          ? [...new Set([...draft.promotion.fromRoles, role])]
          : draft.promotion.fromRoles.filter((r) => r !== role),
      },
    });

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="war-rules-title">
        <h3 id="war-rules-title" className="mb-1 flex items-center gap-2 font-display text-base font-bold text-white">
          <Settings2 className="h-4 w-4 text-gold-400" aria-hidden />
          War rules
        </h3>
        <p className="mb-4 text-xs text-slate-400">
          The public page states these rules and the report applies them. Leave an optional rule empty to switch it off.
        </p>
        {rules.isError ? <Alert tone="error" title={errorText(rules.error, 'Failed to load the rules')} /> : null}
        {!draft ? (
          rules.isPending ? (
            <p className="text-sm text-slate-400" role="status">
              Loading rules…
            </p>
          ) : null
        ) : (
          <form onSubmit={submit} className="grid gap-5 md:grid-cols-2" noValidate>
            <fieldset className="grid content-start gap-3">
              <legend className="mb-2 text-xs font-bold tracking-wide text-gold-300 uppercase">War</legend>
              <NumberField
                id="rule-attacks"
                label="Attacks per battle day"
                value={draft.attacksPerDay}
                onChange={(v) => set({ attacksPerDay: v ?? Number.NaN })}
              />
              <NumberField
                id="rule-fame"
                label="Minimum fame per war"
                value={draft.minimumFamePerWar}
                onChange={(v) => set({ minimumFamePerWar: v ?? Number.NaN })}
              />
              <NumberField
                id="rule-missed"
                label="Missed attacks for removal"
                value={draft.missedAttacksForRemoval}
                onChange={(v) => set({ missedAttacksForRemoval: v ?? Number.NaN })}
              />
            </fieldset>
            <fieldset className="grid content-start gap-3">
              <legend className="mb-2 text-xs font-bold tracking-wide text-gold-300 uppercase">Promotion</legend>
              <NumberField
                id="rule-topn"
                label="Top N"
                value={draft.promotion.topN}
                onChange={(v) => set({ promotion: { ...draft.promotion, topN: v ?? Number.NaN } })}
              />
              <NumberField
                id="rule-consecutive"
                label="Consecutive wars"
                value={draft.promotion.consecutiveWars}
                onChange={(v) => set({ promotion: { ...draft.promotion, consecutiveWars: v ?? Number.NaN } })}
              />
              <div className="flex flex-wrap items-center gap-4 text-sm text-slate-200">
                <span>Promote from</span>
                {(['member', 'elder'] as const).map((role) => (
                  <label key={role} className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={draft.promotion.fromRoles.includes(role)}
                      onChange={(e) => toggleRole(role, e.target.checked)}
                      className="size-4 accent-amber-400"
                    />
                    {role === 'member' ? 'Member' : 'Elder'}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="grid content-start gap-3">
              <legend className="mb-2 text-xs font-bold tracking-wide text-gold-300 uppercase">
                Activity (optional)
              </legend>
              <NumberField
                id="rule-away"
                label="Days away at most"
                hint="not seen in the game for longer"
                optional
                value={draft.activity.maxDaysAway}
                onChange={(v) => set({ activity: { ...draft.activity, maxDaysAway: v } })}
              />
              <NumberField
                id="rule-donations"
                label="Weekly donations at least"
                hint="last week's donations"
                optional
                value={draft.activity.minWeeklyDonations}
                onChange={(v) => set({ activity: { ...draft.activity, minWeeklyDonations: v } })}
              />
            </fieldset>
            <fieldset className="grid content-start gap-3">
              <legend className="mb-2 text-xs font-bold tracking-wide text-gold-300 uppercase">Discord</legend>
              <label className="flex items-center justify-between gap-3 text-sm text-slate-200">
                <span>
                  Weekly summary
                  <span className="block text-xs text-slate-400">
                    posted after the river race log stores a new war: candidates and players at risk, no pings
                  </span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  checked={draft.weeklySummary}
                  onChange={(e) => set({ weeklySummary: e.target.checked })}
                  className="size-5 shrink-0 accent-amber-400"
                />
              </label>
            </fieldset>
            <div className="grid gap-3 md:col-span-2">
              {problem ? <Alert tone="error" title={`The rules were not saved: ${problem}`} /> : null}
              {!problem && save.isError ? (
                <Alert tone="error" title={errorText(save.error, 'The rules were not saved')} />
              ) : null}
              <button
                type="submit"
                disabled={save.isPending}
                className={
                  'inline-flex items-center justify-center gap-2 justify-self-start rounded-lg bg-gold-400 ' +
                  'px-4 py-2 font-semibold text-ink-950 hover:bg-gold-300 focus-ring disabled:opacity-70'
                }
              >
                {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
                Save rules
              </button>
            </div>
          </form>
        )}
      </section>
    </Card>
  );
}
