import { ArrowRight, Shuffle } from 'lucide-react';
import type { MemberClan, MemberPageResponse } from '#contracts/member-page';
import { formatInstant } from '../lib/dates';
import { SectionCard } from './section-card';

const clanName = (clan: MemberClan) => clan.name ?? clan.tag;

/**
 * The player's moves between the family's clans, newest first (docs/decisions/100-clan-family-data-model.md): one
 * history, so the weeks above hold every clan's part. Shown only after a move.
 */
export function FamilyMoves({ member }: { member: MemberPageResponse }) {
  const moves = member.moves ?? [];
  if (moves.length === 0) return null;
  return (
    <SectionCard
      id="moves-title"
      icon={<Shuffle aria-hidden="true" className="size-5 text-gold-300" />}
      title="Moves within the family"
      caption="The war weeks below count every clan’s part: a week played in two clans adds both."
    >
      <ol className="space-y-2" data-testid="family-moves">
        {[...moves].reverse().map((m) => {
          const left = formatInstant(m.leftAt);
          const joined = formatInstant(m.joinedAt);
          return (
            <li
              key={`${m.to.tag}-${m.joinedAt}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-ink-900/60 px-4 py-3"
              data-testid="family-move"
            >
              <span className="flex min-w-0 flex-wrap items-center gap-x-2 font-semibold text-white">
                <span className="break-words">{clanName(m.from)}</span>
                <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-gold-300" />
                <span className="sr-only">to</span>
                <span className="break-words">{clanName(m.to)}</span>
              </span>
              <span className="text-sm text-slate-300">
                {left === joined ? joined : `left ${left}, joined ${joined}`}
              </span>
            </li>
          );
        })}
      </ol>
    </SectionCard>
  );
}
