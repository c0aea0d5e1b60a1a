import { Award, ShieldAlert, Users } from 'lucide-react';
import type { FamilyFlag, FamilyJudged, FamilyReportResponse } from '#contracts/admin-family-report';
import { Alert } from '#web/ui/alert';
import { Card } from '#web/ui/card';
import { ScrollBox } from '#web/ui/scroll-box';
import { errorText } from '#web/lib/api-error';
import { formatNumber } from '#web/lib/format';
import { displayName } from '#web/lib/player-name';
import { useFamilyReport } from '../api/war-report-queries';
import { CountBadge, ListCard } from './list-card';
import { warRuleCaptions } from '#contracts/war-rule-captions';

const FLAG_TEXT: Record<FamilyFlag, string> = {
  'below-fame': 'below the fame minimum',
  'missed-attacks': 'missed attacks',
  'away-too-long': 'away too long',
  'low-donations': 'low donations',
};
const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

type Report = FamilyReportResponse;

/**
 * The family War report (docs/decisions/104-per-clan-webhooks.md): every member of every clan with one history across
 * moves, the feeder members the main clan's rules would not flag, and the main members they do flag.
 */
export function FamilyReport() {
  const report = useFamilyReport();
  if (report.isPending)
    return (
      <p className="text-sm text-slate-400" role="status">
        Loading the family report…
      </p>
    );
  if (report.isError) return <Alert tone="error" title={errorText(report.error, 'Failed to load the family report')} />;
  const r = report.data;
  const clanName = (tag: string) => r.clans.find((c) => c.tag === tag)?.name?.trim() || tag;
  const { rules } = r;
  const judged = warRuleCaptions(rules).family;
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="family-report">
      <div>
        <h2 className="font-display text-xl font-black text-white">Family war report</h2>
        <p className="text-sm text-slate-300">
          {r.war ? r.war.title : 'No finished war is stored yet: the lists fill after the first river race log run.'}
        </p>
        <p className="mt-1 text-xs text-slate-400">
          Members of the whole week are judged by {judged}. Nothing here is stored: it is worked out when you open it.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <JudgedList
          title="Promotion candidates"
          icon={Award}
          testId="family-candidates"
          note="Feeder members the main clan's rules would not flag."
          empty="No feeder member meets the main clan's rules this week."
          rows={r.promotionCandidates}
          clanName={clanName}
        />
        <JudgedList
          title="At risk in the main clan"
          icon={ShieldAlert}
          testId="family-at-risk"
          note="Main-clan members the rules flag."
          empty="Every main-clan member meets the rules."
          rows={r.atRisk}
          clanName={clanName}
        />
      </div>
      <FamilyMembers report={r} clanName={clanName} />
    </div>
  );
}

function JudgedList(props: {
  title: string;
  icon: typeof Award;
  testId: string;
  note: string;
  empty: string;
  rows: FamilyJudged[];
  clanName: (tag: string) => string;
}) {
  const { rows } = props;
  return (
    <ListCard title={props.title} icon={props.icon} testId={props.testId} count={rows.length} rule={props.note}>
      {rows.length === 0 ? <p className="text-sm text-slate-400">{props.empty}</p> : null}
      <ul className="grid gap-1.5">
        {rows.map((m) => (
          <li key={m.tag} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
            <span className="min-w-0">
              <bdi className="font-semibold text-slate-100">{displayName(m.name)}</bdi>{' '}
              <span className="font-mono text-xs text-slate-400">{m.tag}</span>
              <span className="block text-xs text-slate-400">
                {props.clanName(m.clanTag)}
                {m.flags.length > 0 ? ` · ${m.flags.map((f) => FLAG_TEXT[f]).join(', ')}` : ''}
              </span>
            </span>
            <span className="text-xs tabular-nums text-slate-200">
              {formatNumber(m.fame)} fame · {m.decksUsed} decks
            </span>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

function FamilyMembers({ report: r, clanName }: { report: Report; clanName: (tag: string) => string }) {
  const th = 'px-3 py-2 font-semibold';
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="family-members-title">
        <h3
          id="family-members-title"
          className="mb-3 flex items-center gap-2 font-display text-base font-bold text-white"
        >
          <Users className="h-4 w-4 text-gold-400" aria-hidden />
          Every member of the family
          <CountBadge count={r.members.length} />
        </h3>
        {r.members.length === 0 ? (
          <p className="text-sm text-slate-400">No members are stored yet.</p>
        ) : (
          <ScrollBox
            label="Every member of the family"
            className="max-h-[36rem] overflow-auto rounded-xl border border-ink-700"
          >
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="family-member-table">
              <caption className="sr-only">
                Every member of every clan, with the newest family week{r.war ? ` (${r.war.title})` : ''}
              </caption>
              <thead className="sticky top-0 z-10 bg-ink-800 text-slate-300">
                <tr>
                  <th scope="col" className={th}>
                    Member
                  </th>
                  <th scope="col" className={th}>
                    Clan
                  </th>
                  <th scope="col" className={th}>
                    In the family since
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Fame
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Decks
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Weeks
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.members.map((m) => {
                  const week = m.weeks[0];
                  const moved = (week?.clans.length ?? 0) > 1;
                  return (
                    <tr key={m.tag} className="border-t border-ink-800">
                      <td className="px-3 py-2">
                        <bdi className="font-semibold text-slate-100">{displayName(m.name)}</bdi>{' '}
                        <span className="font-mono text-xs text-slate-400">{m.tag}</span>
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-slate-200">
                        {clanName(m.clanTag)}
                        {moved ? <span className="block text-xs text-gold-300">moved this week</span> : null}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-slate-300">
                        {day.format(new Date(m.familySince))}
                        {m.wholeWeek ? null : <span className="block text-xs text-slate-400">part of the week</span>}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums text-slate-100">
                        {week ? formatNumber(week.fame) : '—'}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums text-slate-100">
                        {week ? week.decksUsed : '—'}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums text-slate-300">
                        {m.weeks.filter((w) => w !== null).length}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </section>
    </Card>
  );
}
