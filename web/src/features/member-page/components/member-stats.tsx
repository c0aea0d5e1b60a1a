import { CalendarRange, Crown, Flame } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MemberPageResponse } from '#contracts/member-page';
import { Card } from '#web/ui/card';
import { formatNumber } from '#web/lib/format';

function Stat({
  icon,
  label,
  value,
  detail,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  detail: string;
  testId: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-5" data-testid={testId}>
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/30">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-300">{label}</p>
        <p className="font-display text-2xl font-black text-white tabular-nums">{value}</p>
        <p className="text-xs text-slate-400">{detail}</p>
      </div>
    </Card>
  );
}

/** The current full-deck streak, the weeks tracked and the champion titles won, at a glance. */
export function MemberStats({ member }: { member: MemberPageResponse }) {
  const won = member.titles.filter((t) => !t.inProgress).length;
  const streak = member.fullDeckStreak;
  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <Stat
        testId="streak"
        icon={<Flame aria-hidden="true" className="size-5" />}
        label="Full-deck streak"
        value={`${formatNumber(streak)} ${streak === 1 ? 'day' : 'days'}`}
        detail={streak > 0 ? 'battle days in a row with all 4 decks' : 'no battle day with all 4 decks lately'}
      />
      <Stat
        testId="weeks-tracked"
        icon={<CalendarRange aria-hidden="true" className="size-5" />}
        label="War weeks"
        value={formatNumber(member.weeks.length)}
        detail="tracked since the player's first"
      />
      <Stat
        testId="titles-won"
        icon={<Crown aria-hidden="true" className="size-5" />}
        label="Monthly titles"
        value={formatNumber(won)}
        detail="months with the clan's top fame"
      />
    </div>
  );
}
