import { Crown, Medal, TrendingUp } from 'lucide-react';
import { formatMonth, formatNumber } from '#web/lib/format';
import { displayName } from '#web/lib/player-name';
import type { LabelledChampion } from '../lib/champion-labels';

export function ChampionRow({ champion: c }: { champion: LabelledChampion }) {
  const current = c.label === 'current';
  return (
    <li
      data-testid="champion"
      className={
        `flex items-center gap-3 rounded-xl px-4 py-3 ` +
        `${current ? 'bg-gradient-to-r from-gold-400/20 to-transparent ring-1 ring-gold-400/40' : 'bg-white/5'}`
      }
    >
      <span
        className={`grid size-9 shrink-0 place-items-center rounded-full ${current ? 'bg-gold-400 text-ink-950' : 'bg-white/10 text-slate-300'}`}
      >
        {current ? (
          <Crown aria-label="Crown" role="img" className="size-5" />
        ) : c.leadingMonth ? (
          <TrendingUp aria-hidden="true" className="size-5" />
        ) : (
          <Medal aria-hidden="true" className="size-5" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white" data-testid="champion-name">
          {displayName(c.playerName)}
        </p>
        <p className="text-sm text-slate-300">
          {formatMonth(c.month, c.year)} · {formatNumber(c.fameEarned)} fame
        </p>
        {c.leadingMonth ? (
          <p className="text-sm text-emerald-300" data-testid="champion-rising">
            Champion on the rise: leading {formatMonth(c.month, c.year)} so far
          </p>
        ) : null}
      </div>
      {c.label ? (
        <span
          data-testid="champion-label"
          className={
            `shrink-0 rounded-full px-2.5 py-1 text-xs font-bold ` +
            `${current ? 'bg-gold-400 text-ink-950' : 'bg-amber-200/15 text-amber-100 ring-1 ring-amber-200/30'}`
          }
        >
          {current ? 'Current Champion' : 'Co-Champion'}
        </span>
      ) : null}
    </li>
  );
}
