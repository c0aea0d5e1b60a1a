import { struckMembers } from '#server/modules/leaders/struck-members';
import { notesWhere } from '#server/modules/leaders/notes.repository';
import { readStrikeRules } from '#server/modules/leaders/strike-rules.repository';
import type { ViewableTable } from '#contracts/admin-scripts';
import type {
  LastWarResponse,
  MemberHistoryResponse,
  MemberTableResponse,
  WarReportResponse,
  WeekRef,
} from '#contracts/war-insights';
import { FRESHNESS_MS } from '#contracts/freshness';
import { lastWarResponseSchema } from '#contracts/war-insights';
import { warRuleTexts, type WarRules } from '#contracts/war-rules';
import type { AppContext } from '#server/app-context';
import { notFound } from '#server/lib/app-error';
import type { PublicCache } from '../../clan/public-cache.js';
import { weekTitle } from '../titles.js';
import { csvFileName, toCsv } from './csv.js';
import { buildMemberTable, TABLE_WEEKS } from './member-table.js';
import type { FamilyReportResponse } from '#contracts/admin-family-report';
import { buildFamilyReport, mergeFamilyWeeks } from './family-report.js';
import {
  findMember,
  listFamilyRoster,
  listMemberDays,
  listRosterEntries,
  listWarDays,
  listWarWeeks,
  readWarRules,
  writeWarRules,
} from './war-insights.repository.js';
import { excusedDatesUntil, excusedDays } from './excused-reading.js';
import type { WarDay } from './rules.js';
import { buildWarReport, rankWeek, type WarReport, type WarWeek } from './war-report.js';
import { reportRows } from './report-rows.js';

export interface CsvFile {
  fileName: string;
  body: string;
}

export interface WarInsightsDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>;
  cache: PublicCache;
  /** the public cache key's prefix: demo or live data of which clan */
  cacheKey: string;
  /** the clan whose data this serves (the public family site); the main clan when absent */
  clanTag?: string;
  demo: boolean;
  /** a records table of one clan as the database viewer shows it */
  viewTable: (
    table: ViewableTable,
    limit: number,
    clanTag: string,
  ) => Promise<{ columns: string[]; records: Record<string, unknown>[] }>;
}

const ref = (w: WarWeek): WeekRef => ({
  seasonId: w.seasonId,
  sectionIndex: w.sectionIndex,
  title: weekTitle(w.seasonId, w.sectionIndex, w.createdDate),
  createdDate: w.createdDate.toISOString(),
});

/**
 * War insights (docs/war-insights.md): the clan's rules as data, the War report and member table
 * for the admin, the public "Last war" card. Reads the stored rows on every admin request.
 */
export function createWarInsightsService(deps: WarInsightsDeps) {
  const db = deps.ctx.db.kysely;
  /** the clan this service answers for when a call names none: its own (a family clan's site), else the main clan */
  const main = () => deps.clanTag ?? deps.ctx.clans.main.tag;

  async function load(clanTag: string) {
    const [rules, weeks, roster] = await Promise.all([
      readWarRules(db, clanTag),
      listWarWeeks(db, clanTag),
      listRosterEntries(db, clanTag),
    ]);
    const shown = weeks.slice(0, TABLE_WEEKS);
    // battle days matter only for the weeks shown (no stored week: no day to judge)
    const stored = shown.length > 0 ? await listWarDays(db, clanTag, Math.min(...shown.map((w) => w.seasonId))) : [];
    const [days, excusedDates] = await Promise.all([
      excusedDays(db, stored),
      excusedDatesUntil(db, deps.ctx.clock.now()),
    ]);
    return { rules, weeks, roster, days, excusedDates };
  }

  async function report(clanTag = main()): Promise<WarReportResponse> {
    const data = await load(clanTag);
    const r = buildWarReport({ ...data, now: deps.ctx.clock.now() });
    const created = new Map(data.weeks.map((w) => [`${w.seasonId}/${w.sectionIndex}`, w.createdDate]));
    const titleOf = (seasonId: number, sectionIndex: number) => {
      const at = created.get(`${seasonId}/${sectionIndex}`);
      return at ? weekTitle(seasonId, sectionIndex, at) : `Season ${seasonId} · Week ${sectionIndex + 1}`;
    };
    const [notes, strikeRules] = await Promise.all([
      notesWhere(db, { playerTags: data.roster.map((m) => m.tag) }),
      readStrikeRules(db, clanTag),
    ]);
    const strikes = struckMembers(data.roster, notes, strikeRules, deps.ctx.clock.now());
    return { ...toReportResponse(data.rules, r, titleOf), strikes };
  }

  return {
    rules: (clanTag = main()) => readWarRules(db, clanTag),
    async saveRules(rules: WarRules, clanTag = main()): Promise<WarRules> {
      await writeWarRules(db, clanTag, rules);
      return rules;
    },
    async publicRules() {
      return { rules: warRuleTexts(await readWarRules(db, main())) };
    },

    report,

    async memberTable(clanTag = main()): Promise<MemberTableResponse> {
      const data = await load(clanTag);
      const table = buildMemberTable(data);
      const newest = data.weeks[0];
      return {
        weeks: table.weeks.map(ref),
        war: newest ? ref(newest) : null,
        members: table.members,
      };
    },

    async memberHistory(tag: string, clanTag = main()): Promise<MemberHistoryResponse> {
      const [member, weeks, days] = await Promise.all([
        findMember(db, clanTag, tag),
        listWarWeeks(db, clanTag),
        listMemberDays(db, clanTag, tag),
      ]);
      const played = weeks.filter((w) => w.participants.some((p) => p.tag === tag));
      if (!member && played.length === 0 && days.length === 0) throw notFound('No stored war data for this player.');
      const name = member?.name ?? played[0]?.participants.find((p) => p.tag === tag)?.name ?? tag;
      const createdOf = new Map(weeks.map((w) => [`${w.seasonId}/${w.sectionIndex}`, w.createdDate]));
      return {
        tag,
        name,
        role: member?.role ?? null,
        inClan: member?.inClan ?? false,
        firstSeenAt: member ? member.firstSeenAt.toISOString() : null,
        weeks: played.map((w) => {
          const p = w.participants.find((x) => x.tag === tag)!;
          return { ...ref(w), fame: p.fame, decksUsed: p.decksUsed, rank: rankWeek(w).get(tag) ?? null };
        }),
        days: days.map((d) => {
          const created = createdOf.get(`${d.seasonId}/${d.sectionIndex}`);
          return {
            ...d,
            title: created ? weekTitle(d.seasonId, d.sectionIndex, created) : `Season ${d.seasonId}`,
          };
        }),
      };
    },

    /** The family War report (decisions/104): every active clan's members judged by the main clan's rules. */
    async familyReport(): Promise<FamilyReportResponse> {
      const clans = deps.ctx.clans.active().map((c) => c.tag);
      const familyMain = deps.ctx.clans.main.tag;
      const [rules, roster, perClan] = await Promise.all([
        readWarRules(db, familyMain),
        listFamilyRoster(db, clans),
        Promise.all(clans.map(async (clanTag) => ({ clanTag, weeks: await listWarWeeks(db, clanTag) }))),
      ]);
      const weeks = mergeFamilyWeeks(perClan);
      const newest = weeks[0];
      const [days, excusedDates] = await Promise.all([
        newest
          ? Promise.all(
              clans.map(async (c) => excusedDays(db, weekDays(await listWarDays(db, c, newest.seasonId), newest))),
            )
          : [],
        excusedDatesUntil(db, deps.ctx.clock.now()),
      ]);
      const built = buildFamilyReport({
        rules,
        mainClanTag: familyMain,
        weeks,
        days,
        roster,
        now: deps.ctx.clock.now(),
        shownWeeks: TABLE_WEEKS,
        excusedDates,
      });
      const familyRef = (w: (typeof weeks)[number]) => ref({ ...w, participants: [] });
      return {
        mainClanTag: familyMain,
        clans: deps.ctx.clans.active().map(({ tag, name }) => ({ tag, name })),
        war: weeks[0] ? familyRef(weeks[0]) : null,
        rules: {
          attacksPerDay: rules.attacksPerDay,
          minimumFamePerWar: rules.minimumFamePerWar,
          missedAttacksForRemoval: rules.missedAttacksForRemoval,
          maxDaysAway: rules.activity.maxDaysAway,
          minWeeklyDonations: rules.activity.minWeeklyDonations,
        },
        weeks: weeks.slice(0, TABLE_WEEKS).map(familyRef),
        ...built,
      };
    },

    async reportCsv(clanTag = main()): Promise<CsvFile> {
      const body = await report(clanTag);
      const { columns, rows } = reportRows(body);
      return { fileName: csvFileName('war-report', deps.ctx.clock.now()), body: toCsv(columns, rows) };
    },

    async tableCsv(table: ViewableTable, limit: number, clanTag = main()): Promise<CsvFile> {
      const view = await deps.viewTable(table, limit, clanTag);
      const rows = view.records.map((r) => view.columns.map((c) => r[c]));
      return { fileName: csvFileName(table, deps.ctx.clock.now()), body: toCsv(view.columns, rows) };
    },

    async lastWar(): Promise<LastWarResponse> {
      const result = await deps.cache.get(`${deps.cacheKey}:/api/clan/war/last-war`, {
        freshnessMs: FRESHNESS_MS['/api/clan/war/last-war'],
        schema: lastWarResponseSchema.omit({ asOf: true, demo: true, stale: true }),
        load: async () => {
          const weeks = await listWarWeeks(db, main());
          const newest = weeks[0];
          const ranks = newest ? rankWeek(newest) : new Map<string, number>();
          return {
            weeks: [...weeks].reverse().map((w) => ({
              seasonId: w.seasonId,
              sectionIndex: w.sectionIndex,
              title: weekTitle(w.seasonId, w.sectionIndex, w.createdDate),
              totalFame: w.participants.reduce((n, p) => n + p.fame, 0),
            })),
            newest: newest
              ? {
                  title: weekTitle(newest.seasonId, newest.sectionIndex, newest.createdDate),
                  clanRank: newest.clanRank,
                  top: [...newest.participants]
                    .filter((p) => ranks.has(p.tag))
                    .sort((a, b) => b.fame - a.fame || a.name.localeCompare(b.name))
                    .slice(0, 5)
                    .map((p) => ({ rank: ranks.get(p.tag)!, name: p.name, fame: p.fame })),
                }
              : null,
          };
        },
      });
      return { ...result.value, asOf: result.asOf.toISOString(), demo: deps.demo, stale: result.stale };
    },
  };
}

function toReportResponse(
  rules: WarRules,
  r: WarReport,
  title: (seasonId: number, sectionIndex: number) => string,
): Omit<WarReportResponse, 'strikes'> {
  return {
    war: r.war ? ref({ ...r.war, participants: [] }) : null,
    rules: {
      attacksPerDay: rules.attacksPerDay,
      minimumFamePerWar: rules.minimumFamePerWar,
      topN: rules.promotion.topN,
      consecutiveWars: rules.promotion.consecutiveWars,
      missedAttacksForRemoval: rules.missedAttacksForRemoval,
      maxDaysAway: rules.activity.maxDaysAway,
      minWeeklyDonations: rules.activity.minWeeklyDonations,
    },
    promotionCandidates: r.promotionCandidates.map((f) => ({
      ...f,
      evidence: f.evidence.map((w) => ({ ...w, title: title(w.seasonId, w.sectionIndex) })),
    })),
    belowFame: r.belowFame,
    missedAttacks: r.missedAttacks,
    awayTooLong: r.awayTooLong,
    lowDonations: r.lowDonations,
    notWholeWar: r.notWholeWar.map((f) => ({ ...f, evidence: { joinedAt: f.evidence.joinedAt.toISOString() } })),
  };
}

/** The reported days of one week. */
function weekDays(days: readonly WarDay[], week: { seasonId: number; sectionIndex: number }): WarDay[] {
  return days.filter((d) => d.seasonId === week.seasonId && d.sectionIndex === week.sectionIndex);
}

export type WarInsightsService = ReturnType<typeof createWarInsightsService>;
