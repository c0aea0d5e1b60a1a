import { CalendarOff, Crown } from 'lucide-react';
import type { MemberPageResponse } from '#contracts/member-page';
import { formatMonth, formatNumber } from '#web/lib/format';
import { formatDayRange } from '../lib/dates';
import { SectionCard } from './section-card';

const empty = (text: string) => <p className="rounded-xl bg-ink-900/60 p-4 text-sm text-slate-300">{text}</p>;
const badge = 'rounded-full px-2 py-0.5 text-[0.7rem] font-bold tracking-wide uppercase';

/** Monthly champion titles (the public list's rule, every month) and leader-approved absences. */
export function TitlesAndAbsences({ member }: { member: MemberPageResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        id="titles-title"
        icon={<Crown aria-hidden="true" className="size-5 text-gold-300" />}
        title="Monthly champion titles"
      >
        {member.titles.length === 0 ? (
          empty('No monthly champion title yet: the player with the most war fame in a month wins it.')
        ) : (
          <ul className="space-y-2" data-testid="titles">
            {member.titles.map((t) => (
              <li
                key={`${t.year}-${t.month}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-ink-900/60 px-4 py-3"
              >
                <span className="font-semibold text-white">{formatMonth(t.month, t.year)}</span>
                <span className="text-sm text-slate-300 tabular-nums">{formatNumber(t.fameEarned)} fame</span>
                {t.inProgress ? (
                  <span className={`${badge} bg-sky-400/15 text-sky-100`}>Leading so far</span>
                ) : (
                  <span className={`${badge} bg-gold-400 text-ink-950`}>Champion</span>
                )}
                {t.shared ? <span className={`${badge} bg-violet-400/20 text-violet-100`}>Shared</span> : null}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard
        id="excused-title"
        icon={<CalendarOff aria-hidden="true" className="size-5 text-sky-300" />}
        title="Excused absences"
      >
        {member.excused.length === 0 ? (
          empty('No excused absences.')
        ) : (
          <ul className="space-y-2" data-testid="excused">
            {member.excused.map((a) => (
              <li key={`${a.startsOn}-${a.endsOn}`} className="rounded-xl bg-ink-900/60 px-4 py-3">
                <span className="font-semibold text-white">{formatDayRange(a.startsOn, a.endsOn)}</span>
                {a.reason ? <span className="text-sm text-slate-300"> · {a.reason}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}
