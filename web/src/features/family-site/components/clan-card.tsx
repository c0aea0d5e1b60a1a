import { ArrowRight, Crown, Layers, Shield, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FamilySiteClan } from '#contracts/family-site';
import { siteContent } from '#contracts/site-content';
import { formatMonth, formatNumber } from '#web/lib/format';
import { Card } from '#web/ui/card';
import { clanPagePath, projectionText, raceText } from '../lib/card-text';
import { ClanBadge } from './clan-badge';

function Figure({
  icon: Icon,
  label,
  children,
  testId,
}: {
  icon: typeof Users;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-300 uppercase">
        <Icon aria-hidden="true" className="size-3.5 text-gold-300" />
        {label}
      </dt>
      <dd className="mt-1 font-display text-2xl font-black text-white tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One clan of the family: its badge, name and the figures a visitor compares, the whole card opening its page. */
// The web bundle never imports zod (contracts/family-site.ts is zod): the capacity comes from the site's content.
const CLAN_CAPACITY = siteContent.memberCapacity;

export function ClanCard({ clan }: { clan: FamilySiteClan }) {
  const full = clan.members !== null && clan.members >= CLAN_CAPACITY;
  const fill = clan.members === null ? 0 : Math.min(100, Math.round((clan.members / CLAN_CAPACITY) * 100));
  const headingId = `clan-${clan.tag.slice(1)}`;
  return (
    <Card
      className="relative flex flex-col gap-5 p-5 transition hover:-translate-y-0.5 hover:border-gold-400/40 focus-within:border-gold-400/60 sm:p-6"
      data-testid="clan-card"
      data-tag={clan.tag}
    >
      <div className="flex items-start gap-4">
        <ClanBadge tag={clan.tag} name={clan.name} badgeId={clan.badgeId} className="size-14 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-display text-xl leading-tight font-black text-white">
            <a
              href={clanPagePath(clan.tag)}
              className="rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-ring-tight"
            >
              {clan.name}
            </a>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-300">
            <span className="font-mono">{clan.tag}</span>
            {clan.role === 'main' ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-gold-400/15 px-2 py-0.5 text-xs font-bold text-gold-200">
                <Shield aria-hidden="true" className="size-3" />
                Main clan
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4">
        <Figure icon={Users} label="Members" testId="card-members">
          {formatNumber(clan.members)}
          <span className="text-base font-bold text-slate-300"> / {CLAN_CAPACITY}</span>
          <span aria-hidden="true" className="mt-2 block h-1.5 overflow-hidden rounded-full bg-white/10">
            <span
              className={`block h-full rounded-full ${full ? 'bg-rose-400' : 'bg-gold-400'}`}
              style={{ width: `${fill}%` }}
            />
          </span>
        </Figure>
        <Figure icon={Trophy} label="War trophies" testId="card-war-trophies">
          {formatNumber(clan.clanWarTrophies)}
        </Figure>
        <Figure icon={Shield} label="Race this week" testId="card-race-rank">
          {raceText(clan.race)}
        </Figure>
        <Figure icon={Layers} label="Decks used" testId="card-decks-used">
          {clan.race ? formatNumber(clan.race.decksUsed) : '—'}
        </Figure>
      </dl>
      <p className="text-sm text-slate-300" data-testid="card-projection">
        {projectionText(clan.projection)}
      </p>
      <div className="rounded-xl border border-white/10 bg-ink-950/40 px-4 py-3" data-testid="card-champion">
        <p className="text-xs font-semibold tracking-wide text-slate-300 uppercase">Monthly champion</p>
        {clan.champion ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-white">
            <Crown aria-hidden="true" className="size-4 text-gold-400" />
            <span className="font-bold">{clan.champion.playerName}</span>
            <span className="text-sm text-slate-300">
              {formatNumber(clan.champion.fameEarned)} fame · {formatMonth(clan.champion.month, clan.champion.year)}
            </span>
          </p>
        ) : (
          <p className="mt-1 text-slate-300">No champion yet this month</p>
        )}
      </div>
      <p aria-hidden="true" className="mt-auto flex items-center gap-1 text-sm font-semibold text-gold-300">
        Open the clan page <ArrowRight className="size-4" />
      </p>
    </Card>
  );
}
