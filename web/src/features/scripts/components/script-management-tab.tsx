import { useState, type ReactNode } from 'react';
import type { ScriptId } from '#contracts/admin-scripts';
import { Alert } from '#web/ui/alert';
import { ClanScoped } from '#web/ui/clan-scoped';
import { errorText } from '#web/lib/api-error';
import { useScriptList } from '../api/scripts-queries';
import { HistoryList } from './history-list';
import { RecordsTable } from './records-table';
import { ReplayCard } from './replay-card';
import { RunCard } from './run-card';
import { ScheduleEditor } from './schedule-editor';
import { ScriptOverview } from './script-overview';
import { ScriptSelector } from './script-selector';
import { SystemCard } from './system-card';

/**
 * The Script Management tab (docs/product.md §2): system, script list, then everything about one script; in a family,
 * for the clan the picker chooses (docs/decisions/104-per-clan-webhooks.md).
 */
export function ScriptManagementTab(props: { scheduleFor?: (id: ScriptId) => ReactNode } = {}) {
  // the chosen script stays chosen when the clan changes
  const [selected, setSelected] = useState<ScriptId>('inactive-players');
  return (
    <ClanScoped label="Scripts" heading="Script Management">
      {() => <ClanScripts {...props} selected={selected} setSelected={setSelected} />}
    </ClanScoped>
  );
}

function ClanScripts({
  scheduleFor,
  selected,
  setSelected,
}: {
  /** a schedule card of its own for scripts not scheduled by cron (war reminders) */
  scheduleFor?: (id: ScriptId) => ReactNode;
  selected: ScriptId;
  setSelected: (id: ScriptId) => void;
}) {
  const list = useScriptList();

  if (list.isPending)
    return (
      <p className="text-sm text-slate-400" role="status">
        Loading scripts…
      </p>
    );
  if (list.isError) return <Alert tone="error" title={errorText(list.error, 'Failed to load scripts')} />;

  const { scripts, timezone } = list.data;
  const script = scripts.find((s) => s.id === selected) ?? scripts[0];
  if (!script) return <Alert tone="info" title="No scripts are registered." />;

  // one column whose width is the tab's (grid-cols-1: minmax(0, 1fr)), so a wide records table scrolls in its box
  // instead of widening the page
  return (
    <div className="grid grid-cols-1 gap-6">
      <SystemCard />
      <ScriptSelector scripts={scripts} selected={script.id} onSelect={setSelected} />
      <div key={script.id} id={`script-panel-${script.id}`} className="grid grid-cols-1 gap-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <ScriptOverview script={script} />
          <div className="grid content-start gap-6">
            <RunCard script={script} />
            {script.hasReplay ? <ReplayCard script={script} /> : null}
            {scheduleFor?.(script.id) ?? <ScheduleEditor script={script} />}
          </div>
        </div>
        <HistoryList script={script} timezone={timezone} />
        <RecordsTable script={script} />
      </div>
    </div>
  );
}
