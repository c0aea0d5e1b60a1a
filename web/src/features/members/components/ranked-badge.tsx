import type { Member } from '#contracts/public';
import { rankedStatus, type RankedTier } from '../lib/ranked-status';

const TIER_STYLE: Record<Exclude<RankedTier, 'league'>, string> = {
  unranked: 'text-slate-300',
  ranked: 'text-emerald-300',
  ladder: 'text-sky-300',
};

/** Master I–III, Champion, Grand, Royal, Ultimate: colours climb from steel to gold. */
const LEAGUE_STYLE = [
  'text-slate-200',
  'text-slate-200',
  'text-slate-200',
  'text-orange-300',
  'text-fuchsia-300',
  'text-violet-300',
  'text-gold-300',
];

export function RankedBadge({ member }: { member: Member }) {
  const status = rankedStatus(member);
  return (
    <span
      className={`font-semibold whitespace-nowrap ${status.tier === 'league' ? LEAGUE_STYLE[(member.polLeagueNumber ?? 1) - 1] : TIER_STYLE[status.tier]}`}
      data-testid="ranked-status"
    >
      {status.label}
    </span>
  );
}
