import { Play } from 'lucide-react';
import type {
  InactivePlayersResult,
  MonthlyFameResult,
  RiverRaceResult,
  ScriptInfo,
  WarRemindersResult,
} from '#contracts/admin-scripts';
import { errorText } from '#web/lib/api-error';
import { RUN_FAILED } from '../api/messages';
import { useRunScriptMutation } from '../api/scripts-mutations';
import { useSchedule } from '../api/scripts-queries';
import { Banner, GoldButton, Panel } from '#web/ui/panel';

/** What the run answered, in the clan's words (docs/product.md §7 results). */
function resultSummary(r: InactivePlayersResult | RiverRaceResult | MonthlyFameResult | WarRemindersResult): string {
  if ('nothingToSend' in r) return r.nothingToSend ? '' : `${r.players.length} members reminded.`;
  if ('inactivePlayers' in r) {
    return r.currentDay === null
      ? 'No battle day ended.'
      : `Battle day ${r.currentDay}: ${r.inactivePlayers.length} inactive players.`;
  }
  if ('memberCount' in r) return `${r.memberCount} members stored for the newest week.`;
  return `${r.playerCount} players in the monthly spotlight.`;
}

/** Manual run button with its running state and result (docs/product.md §2). */
export function RunCard({ script }: { script: ScriptInfo }) {
  const run = useRunScriptMutation(script);
  const schedule = useSchedule(script);
  const runningElsewhere = !run.isPending && schedule.data?.isRunning === true;
  const result = run.data?.result;
  const inactive = result && 'inactivePlayers' in result ? result.inactivePlayers : [];
  return (
    <Panel title="Manual run" icon={Play} labelId={`run-${script.id}`}>
      <p className="mb-3 text-sm text-slate-400">Runs the script now and records it in the execution history.</p>
      <GoldButton
        busy={run.isPending}
        disabled={runningElsewhere}
        onClick={() => run.mutate()}
        className="w-full sm:w-auto"
      >
        {run.isPending ? 'Running…' : `Run ${script.name}`}
      </GoldButton>
      {runningElsewhere ? (
        <p className="mt-2 text-xs text-amber-200">A run is in progress (scheduled or from another session).</p>
      ) : null}
      <div className="mt-3 grid gap-2" aria-live="polite">
        {run.isError ? <Banner kind="error">{errorText(run.error, RUN_FAILED[script.id])}</Banner> : null}
        {run.isSuccess ? (
          <Banner kind="success">
            {run.data.message} {resultSummary(run.data.result)}
          </Banner>
        ) : null}
        {inactive.length > 0 ? (
          <ul className="max-h-48 overflow-y-auto rounded-lg border border-ink-700 bg-ink-950 p-2 text-sm">
            {inactive.map((p) => (
              <li key={p.tag} className="flex justify-between gap-2 py-0.5">
                <span className="truncate text-slate-100">{p.name}</span>
                <span className="font-mono text-xs text-amber-200">{p.decksUsed}/4</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Panel>
  );
}
