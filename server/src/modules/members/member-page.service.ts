import type { ExcusedAbsence, MemberClan, MemberPageResponse, MemberWeek } from '#contracts/member-page';
import { memberPageTitle } from '#contracts/player-name';
import { siteContent } from '#contracts/site-content';
import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { normaliseClanTag, normalisePlayerTag } from '../../lib/clan-tag.js';
import { toIso } from '../../lib/clock.js';
import { normaliseRole } from '../clan/member-profile.js';
import { listMemberDays } from '../war/insights/war-insights.repository.js';
import { monthlyChampions } from '../war/monthly.js';
import { listMonthlySpotlight } from '../war/monthly-spotlight.repository.js';
import { reportedDayKeys } from '../war/war-day-report.repository.js';
import { resetDateOf } from './day-excuses.js';
import { isExcused } from './excused.js';
import { memberDescription } from './member-description.js';
import { buildMemberWeeks, fameTrend, fullDeckStreak, memberTitles } from './member-history.js';
import { mergeClanTitles, mergeClanWeeks, type ClanHistory } from './member-family-history.js';
import { listPlayerWeeks, listTrackedWeeks } from './member-page.repository.js';
import { listMemberMoves, listMemberStints, warClansOf, type MemberStint } from './member-stints.repository.js';
import { tenureOf } from '../leaders/tenure.js';
import { listMemberTrophies } from './member-trophies.repository.js';
import { MemberPageCache } from './member-page-cache.js';
import { FRESHNESS_MS } from '#contracts/freshness';

export interface MemberPageDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>;
  /** the stored rows are the simulated clan's */
  demo: boolean;
  /** a player's leader-approved absences, oldest first; reasons only when `clanTag` (the player's clan) made them public */
  excusedAbsences: (tag: string, clanTag: string) => Promise<ExcusedAbsence[]>;
}

/** A week as a single clan's page shows it: without the family's parts and days' clans. */
function singleClanWeek({ parts: _parts, ...week }: MemberWeek): MemberWeek {
  return { ...week, days: week.days.map(({ clanTag: _clanTag, ...day }) => day) };
}

/** A page is computed again after this long, like the members list (a war poll changes it at most hourly). */
const MEMBER_PAGE_FRESH_MS = FRESHNESS_MS['/api/clan/members'];
/** Pages kept in memory at once (a page is a few tens of kilobytes). */
const MEMBER_PAGES_KEPT = 200;

const BAD_TAG = 'tag: a player tag has 3 to 15 of the characters 0289PYLQGRJCUV, e.g. 2PQ8L0C';

/**
 * A page for every member (docs/product.md §2): the player's whole stored war history, trends and titles, read from
 * the scripts' tables and kept in memory for 5 minutes like the members list (the browser keeps it for an hour).
 */
export function createMemberPageService(deps: MemberPageDeps) {
  const db = deps.ctx.db.kysely;
  const pages = new MemberPageCache<MemberPageResponse>(deps.ctx.clock, MEMBER_PAGE_FRESH_MS, MEMBER_PAGES_KEPT);

  const clanOf = (tag: string): MemberClan => {
    const known = deps.ctx.clans.all().find((c) => c.tag === tag);
    return { tag, name: known?.name ?? null };
  };

  /** One clan's reading of the player: its weeks from its own log and reports, its titles. */
  async function clanHistory(
    clanTag: string,
    tag: string,
    stint: MemberStint | undefined,
    excused: readonly ExcusedAbsence[],
  ): Promise<ClanHistory> {
    const [weeks, playerWeeks, reportedDays, storedDays, spotlight] = await Promise.all([
      listTrackedWeeks(db, clanTag),
      listPlayerWeeks(db, clanTag, tag),
      reportedDayKeys(db, clanTag, 0),
      listMemberDays(db, clanTag, tag),
      listMonthlySpotlight(db, clanTag),
    ]);
    // excuses are read now, not when the day was reported (docs/war-tracking.md §5)
    const absences = excused.map((a) => ({ ...a, status: 'approved' as const }));
    const playerDays = storedDays.map((d) =>
      d.status !== 'ok' && isExcused(absences, resetDateOf(d)) ? { ...d, status: 'excused' } : d,
    );
    const inClan = stint !== undefined && stint.leftAt === null;
    return {
      clan: clanOf(clanTag),
      names: playerWeeks.map((w) => ({ name: w.name, at: w.createdDate })),
      weeks: buildMemberWeeks({ tag, weeks, playerWeeks, reportedDays, playerDays, inClan }),
      titles: memberTitles(monthlyChampions(spotlight, deps.ctx.clock.now(), Infinity), tag),
    };
  }

  /**
   * The page of a normalised tag across the family's clans, or null when the tag was never seen in any of them
   * (roster or war log), or never in `onlyClan` when one is named.
   */
  async function load(tag: string, onlyClan?: string): Promise<MemberPageResponse | null> {
    const family = new Set(deps.ctx.clans.all().map((c) => c.tag));
    const [allStints, warClans, allMoves] = await Promise.all([
      listMemberStints(db, tag),
      warClansOf(db, tag),
      listMemberMoves(db, tag),
    ]);
    const stints = allStints.filter((s) => family.has(s.clanTag));
    const clans = [...new Set([...stints.map((s) => s.clanTag), ...warClans.filter((c) => family.has(c))])];
    if (clans.length === 0 || (onlyClan !== undefined && !clans.includes(onlyClan))) return null;
    const current = stints.find((s) => s.leftAt === null) ?? stints.at(-1) ?? null;
    const excused = await deps.excusedAbsences(tag, current?.clanTag ?? deps.ctx.clans.main.tag);
    const [histories, trophies] = await Promise.all([
      Promise.all(
        clans.map((c) =>
          clanHistory(
            c,
            tag,
            stints.findLast((s) => s.clanTag === c),
            excused,
          ),
        ),
      ),
      listMemberTrophies(db, tag),
    ]);
    const moves = allMoves.filter((m) => family.has(m.fromClanTag) && family.has(m.toClanTag));
    const asFamily = deps.ctx.clans.active().length > 1 || clans.length > 1 || moves.length > 0;
    const inClan = current !== null && current.leftAt === null;
    const merged = mergeClanWeeks(histories);
    const history = asFamily ? merged : merged.map(singleClanWeek);
    const newestLogName = histories.flatMap((h) => h.names).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    const now = deps.ctx.clock.now();
    const spans = stints.map((s) => ({ clanTag: s.clanTag, joinedAt: s.firstSeenAt, leftAt: s.leftAt }));
    const tenure = current ? tenureOf(spans, current.clanTag, now) : null;
    const page: MemberPageResponse = {
      tag,
      name: current?.name ?? newestLogName!.name,
      role: current ? normaliseRole(current.role) : null,
      firstSeenAt: current ? toIso(current.firstSeenAt) : null,
      inClan,
      leftAt: current?.leftAt ? toIso(current.leftAt) : null,
      tenure: tenure && {
        ...tenure,
        timeline: tenure.timeline.map(({ clanTag: _clanTag, ...stint }) => stint),
      },
      weeks: history,
      fullDeckStreak: fullDeckStreak(history),
      trends: { trophies, fame: fameTrend(history) },
      titles: asFamily ? mergeClanTitles(histories) : (histories[0]?.titles ?? []).slice(),
      excused,
      demo: deps.demo,
    };
    if (!asFamily) return page;
    const moved = current !== null && current.familyFirstSeenAt.getTime() !== current.firstSeenAt.getTime();
    return {
      ...page,
      clan: current ? clanOf(current.clanTag) : null,
      familyFirstSeenAt: moved ? toIso(current.familyFirstSeenAt) : null,
      stints: stints.map((s) => ({
        clan: clanOf(s.clanTag),
        firstSeenAt: toIso(s.firstSeenAt),
        leftAt: s.leftAt ? toIso(s.leftAt) : null,
      })),
      moves: moves.map((m) => ({
        from: clanOf(m.fromClanTag),
        to: clanOf(m.toClanTag),
        leftAt: toIso(m.leftAt),
        joinedAt: toIso(m.joinedAt),
      })),
    };
  }

  return {
    /**
     * GET /api/clan/members/{tag}/history: 400 for a tag that cannot be one, 404 for one never seen. With `clanTag`
     * (a family clan's tag, normalised here), 404 also for a player never in that clan; the page is still the
     * player's whole family history.
     */
    async history(rawTag: string, options: { clanTag?: string } = {}): Promise<MemberPageResponse> {
      const tag = normalisePlayerTag(rawTag);
      if (!tag) throw badRequest(BAD_TAG, 'VALIDATION_ERROR');
      // a clan tag that cannot be one names no clan of the family: nobody was ever in it
      const clanTag = options.clanTag === undefined ? undefined : (normaliseClanTag(options.clanTag) ?? '');
      return pages.get(`${tag} ${clanTag ?? ''}`, async () => {
        const page = await load(tag, clanTag);
        if (!page) throw notFound('No player with this tag has been seen in the clan.');
        return page;
      });
    },
    /** What the HTML head of /members/{tag} says; null when the tag is not one or was never seen. */
    async head(rawTag: string): Promise<{ tag: string; title: string; description: string } | null> {
      const tag = normalisePlayerTag(rawTag);
      const page = tag ? await load(tag) : null;
      if (!page) return null;
      const site = siteContent.clanName;
      // a member of a feeder clan is described as theirs; the main clan keeps the site's name
      const feeder = page.clan && page.clan.tag !== deps.ctx.clans.main.tag ? page.clan : null;
      return {
        tag: page.tag,
        title: memberPageTitle(page.name, page.tag, site),
        description: memberDescription(page, feeder ? (feeder.name ?? feeder.tag) : site),
      };
    },
  };
}

export type MemberPageService = ReturnType<typeof createMemberPageService>;
