import type { ExcusedAbsence, MemberPageResponse } from '#contracts/member-page';
import { memberPageTitle } from '#contracts/player-name';
import { siteContent } from '#contracts/site-content';
import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { normalisePlayerTag } from '../../lib/clan-tag.js';
import { toIso } from '../../lib/clock.js';
import { normaliseRole } from '../clan/member-profile.js';
import { listMemberDays } from '../war/insights/war-insights.repository.js';
import { monthlyChampions } from '../war/monthly.js';
import { listMonthlySpotlight } from '../war/monthly-spotlight.repository.js';
import { reportedDayKeys } from '../war/war-day-report.repository.js';
import { memberDescription } from './member-description.js';
import { buildMemberWeeks, fameTrend, fullDeckStreak, memberTitles } from './member-history.js';
import { findMemberRow, listPlayerWeeks, listTrackedWeeks } from './member-page.repository.js';
import { listMemberTrophies } from './member-trophies.repository.js';

export interface MemberPageDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>;
  /** the stored rows are the simulated clan's */
  demo: boolean;
  /** a player's leader-approved absences, oldest first */
  excusedAbsences: (tag: string) => Promise<ExcusedAbsence[]>;
}

const BAD_TAG = 'tag: a player tag has 3 to 15 of the characters 0289PYLQGRJCUV, e.g. 2PQ8L0C';

/**
 * A page for every member (docs/product.md §2): the player's whole stored war history, trends and titles,
 * read from the scripts' tables on every request (the browser keeps the answer for an hour).
 */
export function createMemberPageService(deps: MemberPageDeps) {
  const db = deps.ctx.db.kysely;
  const clan = () => deps.ctx.clans.main.tag;

  /** The page of a normalised tag, or null when the tag was never seen (roster or war log). */
  async function load(tag: string): Promise<MemberPageResponse | null> {
    const [member, playerWeeks] = await Promise.all([findMemberRow(db, clan(), tag), listPlayerWeeks(db, clan(), tag)]);
    if (!member && playerWeeks.length === 0) return null;
    const [weeks, reportedDays, playerDays, trophies, spotlight, excused] = await Promise.all([
      listTrackedWeeks(db, clan()),
      reportedDayKeys(db, clan(), 0),
      listMemberDays(db, clan(), tag),
      listMemberTrophies(db, tag),
      listMonthlySpotlight(db, clan()),
      deps.excusedAbsences(tag),
    ]);
    const inClan = member !== null && member.leftAt === null;
    const history = buildMemberWeeks({ tag, weeks, playerWeeks, reportedDays, playerDays, inClan });
    return {
      tag,
      name: member?.name ?? playerWeeks.at(-1)!.name,
      role: member ? normaliseRole(member.role) : null,
      firstSeenAt: member ? toIso(member.firstSeenAt) : null,
      inClan,
      leftAt: member?.leftAt ? toIso(member.leftAt) : null,
      weeks: history,
      fullDeckStreak: fullDeckStreak(history),
      trends: { trophies, fame: fameTrend(history) },
      titles: memberTitles(monthlyChampions(spotlight, deps.ctx.clock.now(), Infinity), tag),
      excused,
      demo: deps.demo,
    };
  }

  return {
    /** GET /api/clan/members/{tag}/history: 400 for a tag that cannot be one, 404 for one never seen. */
    async history(rawTag: string): Promise<MemberPageResponse> {
      const tag = normalisePlayerTag(rawTag);
      if (!tag) throw badRequest(BAD_TAG, 'VALIDATION_ERROR');
      const page = await load(tag);
      if (!page) throw notFound('No player with this tag has been seen in the clan.');
      return page;
    },
    /** What the HTML head of /members/{tag} says; null when the tag is not one or was never seen. */
    async head(rawTag: string): Promise<{ tag: string; title: string; description: string } | null> {
      const tag = normalisePlayerTag(rawTag);
      const page = tag ? await load(tag) : null;
      if (!page) return null;
      const clan = siteContent.clanName;
      return {
        tag: page.tag,
        title: memberPageTitle(page.name, page.tag, clan),
        description: memberDescription(page, clan),
      };
    },
  };
}

export type MemberPageService = ReturnType<typeof createMemberPageService>;
