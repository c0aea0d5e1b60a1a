import { Gavel } from 'lucide-react';
import type { WarReportResponse } from '#contracts/war-insights';
import { strikeRuleCaption } from '#contracts/admin-leaders';
import { displayName } from '#web/lib/player-name';
import { ListCard } from './list-card';

/** The at-risk list by strikes (docs/leaders-memory.md), each member with their active strikes as evidence. */
export function StrikesCard({ report, onSelect }: { report: WarReportResponse; onSelect: (tag: string) => void }) {
  const first = report.strikes[0];
  const rule = first ? strikeRuleCaption(first.evidence.threshold, first.evidence.days) : null;
  return (
    <ListCard
      title="Strikes"
      icon={Gavel}
      testId="strikes"
      count={report.strikes.length}
      rule={rule ?? 'Members with as many active strikes as the clan’s threshold (the Leaders tab sets it).'}
    >
      {report.strikes.length === 0 ? <p className="text-sm text-slate-400">Nobody has reached the threshold.</p> : null}
      <ul className="grid gap-2">
        {report.strikes.map((f) => (
          <li key={f.tag} className="grid gap-1 text-sm">
            <button
              type="button"
              onClick={() => onSelect(f.tag)}
              className="rounded text-left font-semibold text-white underline-offset-2 hover:text-gold-300 hover:underline focus-ring-tight"
            >
              {displayName(f.name)} <span className="font-mono text-xs font-normal text-slate-400">{f.tag}</span>
            </button>
            <span className="text-slate-200">
              {f.evidence.active} active strike{f.evidence.active === 1 ? '' : 's'}
            </span>
            <ul className="grid gap-0.5 pl-3 text-xs text-slate-300">
              {f.evidence.strikes.map((s) => (
                <li key={s.createdAt + s.reason}>
                  {s.createdAt.slice(0, 10)}: {s.reason}
                  {s.expiresAt ? ` (until ${s.expiresAt.slice(0, 10)})` : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}
