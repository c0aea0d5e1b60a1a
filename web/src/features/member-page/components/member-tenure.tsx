import { ChevronDown } from 'lucide-react';
import type { MemberPageResponse, MemberTenure as Tenure } from '#contracts/member-page';
import { formatInstant } from '../lib/dates';

const days = (n: number) => `${n.toLocaleString('en-US')} day${n === 1 ? '' : 's'}`;

/** "In the clan 143 days over 3 stints" while a member, "Was in the clan …" after leaving. */
export function tenureText(tenure: Tenure, inClan: boolean): string {
  return inClan ? tenure.summary[0]!.toUpperCase() + tenure.summary.slice(1) : `Was ${tenure.summary}`;
}

/**
 * The player's tenure in the clan (docs/leaders-memory.md, "Tenure"): the stints summed, and each stint's joined and
 * left dates as a small timeline behind a disclosure, the current stint open ("now").
 */
export function MemberTenure({ member }: { member: MemberPageResponse }) {
  const tenure = member.tenure;
  if (!tenure) return null;
  return (
    <details className="group mt-4 max-w-xl text-sm text-slate-300">
      <summary
        className={
          'w-fit cursor-pointer list-none rounded-lg py-1 pr-2 font-semibold text-slate-100 transition-colors ' +
          'hover:text-gold-200 focus-ring-tight [&::-webkit-details-marker]:hidden'
        }
      >
        {/* one run of text, so a phone wraps it like a sentence */}
        <span data-testid="member-tenure">{tenureText(tenure, member.inClan)}</span>{' '}
        <span className="text-xs font-normal whitespace-nowrap text-slate-400">
          · timeline
          <ChevronDown
            aria-hidden="true"
            className="ml-1 inline size-4 align-[-0.2em] transition-transform group-open:rotate-180"
          />
        </span>
      </summary>
      <ol className="mt-2 space-y-2 border-l border-white/15 pl-4" data-testid="tenure-timeline">
        {tenure.timeline.map((s, i) => (
          <li key={s.joinedAt} className="relative" data-testid="tenure-stint">
            <span
              aria-hidden="true"
              className={
                'absolute top-1.5 -left-[1.3rem] size-2 rounded-full ' +
                (s.leftAt === null ? 'bg-gold-400 ring-4 ring-gold-400/20' : 'bg-slate-500')
              }
            />
            <span className="font-medium text-white">
              <span className="sr-only">Stint {i + 1}: </span>
              {formatInstant(s.joinedAt)} – {s.leftAt === null ? 'now' : formatInstant(s.leftAt)}
            </span>
            <span className="text-slate-400"> · {days(s.days)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
