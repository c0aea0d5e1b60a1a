import { Award, CalendarX, Clock, Download, Gift, Swords, UserPlus } from 'lucide-react';
import type { WarReportResponse } from '#contracts/war-insights';
import { Alert } from '#web/ui/alert';
import { errorText } from '#web/lib/api-error';
import { formatNumber } from '#web/lib/format';
import { displayName } from '#web/lib/player-name';
import { useClanUrl } from '#web/lib/clan-scope';
import { useCsvDownloadMutation, useWarReport } from '../api/war-report-queries';
import { ListCard } from './list-card';
import { StrikesCard } from './strikes-card';
import { DeckHeatmap } from '#web/ui/deck-heatmap';
import { warRuleCaptions } from '#contracts/war-rule-captions';

type Report = WarReportResponse;

function Empty({ text }: { text: string }) {
  return <p className="text-sm text-slate-400">{text}</p>;
}

function Who({ name, tag, onSelect }: { name: string; tag: string; onSelect: (tag: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onSelect(tag)}
      className="rounded text-left font-semibold text-white underline-offset-2 hover:text-gold-300 hover:underline focus-ring-tight"
    >
      {displayName(name)} <span className="font-mono text-xs font-normal text-slate-400">{tag}</span>
    </button>
  );
}

/** The report's lists, each with its rule and the evidence behind every name (docs/war-insights.md). */
export function ReportLists({ onSelect }: { onSelect: (tag: string) => void }) {
  const report = useWarReport();
  const download = useCsvDownloadMutation();
  const clanUrl = useClanUrl();
  if (report.isPending)
    return (
      <p className="text-sm text-slate-400" role="status">
        Loading the war report…
      </p>
    );
  if (report.isError) return <Alert tone="error" title={errorText(report.error, 'Failed to load the war report')} />;
  const r: Report = report.data;
  const { rules } = r;
  const captions = warRuleCaptions(rules);
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="font-display text-xl font-black text-white">War report</h2>
          <p className="text-sm text-slate-300">
            {r.war ? r.war.title : 'No finished war is stored yet: the lists fill after the first river race log run.'}
          </p>
        </div>
        <button
          type="button"
          onClick={() => download.mutate(clanUrl('/api/admin/war-report/csv'))}
          disabled={download.isPending}
          className={
            'inline-flex items-center gap-2 rounded-lg border border-gold-400/60 px-3 py-2 text-sm ' +
            'font-semibold text-gold-300 hover:bg-gold-400 hover:text-ink-950 focus-ring disabled:opacity-60'
          }
        >
          <Download className="h-4 w-4" aria-hidden />
          Download report CSV
        </button>
      </div>
      {download.isError ? <Alert tone="error" title={errorText(download.error, 'The download failed')} /> : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ListCard
          title="Promotion candidates"
          icon={Award}
          testId="promotion"
          count={r.promotionCandidates.length}
          rule={captions.promotion}
        >
          {r.promotionCandidates.length === 0 ? <Empty text="Nobody this war." /> : null}
          <ul className="grid gap-2">
            {r.promotionCandidates.map((f) => (
              <li key={f.tag} className="text-sm">
                <Who name={f.name} tag={f.tag} onSelect={onSelect} />
                <ul className="mt-1 flex flex-wrap gap-1.5">
                  {f.evidence.map((w) => (
                    <li
                      key={`${w.seasonId}-${w.sectionIndex}`}
                      className="rounded-md bg-ink-800 px-2 py-0.5 text-xs text-slate-200"
                    >
                      {w.title.split(' · ').slice(0, 2).join(' · ')}: rank {w.rank} · {formatNumber(w.fame)} fame
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </ListCard>
        <ListCard
          title="Below the fame minimum"
          icon={Swords}
          testId="below-fame"
          count={r.belowFame.length}
          rule={captions.belowFame}
        >
          {r.belowFame.length === 0 ? <Empty text="Everyone reached the minimum." /> : null}
          <ul className="grid gap-1.5">
            {r.belowFame.map((f) => (
              <li key={f.tag} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <Who name={f.name} tag={f.tag} onSelect={onSelect} />
                <span className="tabular-nums text-slate-200">
                  {formatNumber(f.evidence.fame)} / {formatNumber(f.evidence.minimum)}
                </span>
              </li>
            ))}
          </ul>
        </ListCard>
        <ListCard
          title="Missed attacks"
          icon={CalendarX}
          testId="missed-attacks"
          count={r.missedAttacks.length}
          rule={captions.missedAttacks}
        >
          {r.missedAttacks.length === 0 ? <Empty text="Nobody reached the limit." /> : null}
          <ul className="grid gap-2">
            {r.missedAttacks.map((f) => (
              <li key={f.tag} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <Who name={f.name} tag={f.tag} onSelect={onSelect} />
                  <span className="block text-xs text-slate-300">{f.evidence.missed} missed</span>
                </span>
                <DeckHeatmap days={f.evidence.days} />
              </li>
            ))}
          </ul>
        </ListCard>
        <ListCard
          title="Joined during the war"
          icon={UserPlus}
          testId="joiners"
          count={r.notWholeWar.length}
          rule={captions.notWholeWar}
        >
          {r.notWholeWar.length === 0 ? <Empty text="Nobody joined during the war." /> : null}
          <ul className="grid gap-1.5">
            {r.notWholeWar.map((f) => (
              <li key={f.tag} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <Who name={f.name} tag={f.tag} onSelect={onSelect} />
                <span className="text-xs text-slate-300">
                  first seen {new Date(f.evidence.joinedAt).toLocaleDateString('en-US')}
                </span>
              </li>
            ))}
          </ul>
        </ListCard>
        <ListCard
          title="Away too long"
          icon={Clock}
          testId="away"
          count={rules.maxDaysAway === null ? null : r.awayTooLong.length}
          rule={captions.awayTooLong}
        >
          {rules.maxDaysAway !== null && r.awayTooLong.length === 0 ? <Empty text="Everyone played recently." /> : null}
          <ul className="grid gap-1.5">
            {r.awayTooLong.map((f) => (
              <li key={f.tag} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <Who name={f.name} tag={f.tag} onSelect={onSelect} />
                <span className="text-slate-200">{f.evidence.daysAway} days</span>
              </li>
            ))}
          </ul>
        </ListCard>
        <ListCard
          title="Low donations"
          icon={Gift}
          testId="donations"
          count={rules.minWeeklyDonations === null ? null : r.lowDonations.length}
          rule={captions.lowDonations}
        >
          {rules.minWeeklyDonations !== null && r.lowDonations.length === 0 ? (
            <Empty text="Everyone reached the minimum." />
          ) : null}
          <ul className="grid gap-1.5">
            {r.lowDonations.map((f) => (
              <li key={f.tag} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <Who name={f.name} tag={f.tag} onSelect={onSelect} />
                <span className="tabular-nums text-slate-200">{f.evidence.donations}</span>
              </li>
            ))}
          </ul>
        </ListCard>
        <StrikesCard report={r} onSelect={onSelect} />
      </div>
    </div>
  );
}
