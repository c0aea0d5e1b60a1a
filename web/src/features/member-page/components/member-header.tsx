import { ExternalLink } from 'lucide-react';
import type { MemberPageResponse } from '#contracts/member-page';
import { Card } from '#web/ui/card';
import { RoleBadge } from '#web/ui/role-badge';
import { displayName, playerProfileUrl } from '#web/lib/player-name';
import { formatInstant } from '../lib/dates';
import { MemberTenure } from './member-tenure';

/**
 * "Member since …", or that they left. In a family (the page then names the clan): "Member of <clan> since …" for
 * the current stint, and "Left the family on …" once in no family clan.
 */
function statusText(member: MemberPageResponse): string {
  const since = member.firstSeenAt ? formatInstant(member.firstSeenAt) : null;
  const clan = member.clan?.name ?? member.clan?.tag;
  if (member.inClan) {
    if (!since) return clan ? `In ${clan}` : 'In the clan';
    return clan ? `Member of ${clan} since ${since}` : `Member since ${since}`;
  }
  const left = member.leftAt ? formatInstant(member.leftAt) : null;
  if (member.clan !== undefined) return left ? `Left the family on ${left} (${clan})` : 'Not in the family';
  return left ? `Left the clan on ${left}` : 'Not in the clan';
}

/**
 * Who the player is: name (as text), role, tag, and since when a member (and in the family), or that they left; their
 * tenure in the clan below, with its timeline.
 */
export function MemberHeader({ member }: { member: MemberPageResponse }) {
  const status = statusText(member);
  return (
    <Card className="relative overflow-hidden p-6 sm:p-8">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(36rem_14rem_at_100%_0%,rgb(245_158_11/0.14),transparent_70%)]"
      />
      <div className="relative flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">Clan member</p>
          <h1
            className="mt-2 font-display text-3xl font-black break-words text-white sm:text-4xl"
            data-testid="member-name"
          >
            {displayName(member.name)}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-300">
            {member.role ? <RoleBadge role={member.role} /> : null}
            <span className="font-mono text-slate-200" data-testid="member-tag">
              {member.tag}
            </span>
            <span data-testid="member-status">{status}</span>
            {member.familyFirstSeenAt ? (
              <span data-testid="member-family-since">
                In the family since {formatInstant(member.familyFirstSeenAt)}
              </span>
            ) : null}
            {member.demo ? (
              <span className="rounded-full border border-sky-300/40 bg-sky-400/15 px-2.5 py-0.5 text-xs font-semibold text-sky-100">
                Demo data
              </span>
            ) : null}
          </div>
          <MemberTenure member={member} />
        </div>
        <a
          href={playerProfileUrl(member.tag)}
          target="_blank"
          rel="noopener noreferrer"
          className={
            'inline-flex shrink-0 items-center gap-2 self-start rounded-lg border border-white/15 px-3 py-2 text-sm ' +
            'font-semibold text-slate-100 transition-colors hover:border-gold-400 hover:text-gold-200 focus-ring sm:self-auto'
          }
        >
          Profile on RoyaleAPI
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </div>
    </Card>
  );
}
