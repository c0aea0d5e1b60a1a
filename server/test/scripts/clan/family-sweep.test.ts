import { afterAll, describe, expect, it } from 'vitest';
import type { FamilyReportResponse } from '#contracts/admin-family-report';
import type { MemberPageResponse } from '#contracts/member-page';
import { familyDays } from '#server/modules/discord/member-commands';
import { bearer, loginToken } from '#test/helpers/auth';
import { judgeFamilyDays } from '#test/helpers/family-judge';
import { judgeFamilyReport, judgePage, truthDay, type TruthAbsence, type TruthDay } from '#test/helpers/family-truth';
import { formatTable, judgeDelivery } from '#test/helpers/war-judge';
import { DAY, HOUR, warTimeline, type WarTimeline } from '#test/helpers/war-timeline';

/**
 * Every member's day true, over weeks of a family of three (docs/war-tracking.md §5): the simulator's hard moves
 * (moves at every hour and around the reset, returns A → B → A, leaving and rejoining a clan within a day, players
 * done in one clan joining another), absences approved before their days and after the days were reported, Discord
 * down now and then. Every clan's reported days, the family report of every week, the member pages and streaks of
 * every mover and of a sample of the others, and every reminder are held to the ledger. SWEEP_WEEKS narrows it.
 */
const MAIN = '#2PQ8L0C';
const FAMILY = [
  { tag: '#8QJ2YLUC', name: 'Demo Academy' },
  { tag: '#9PG2C0QV', name: 'Demo Youth' },
];
const CLANS = [MAIN, ...FAMILY.map((c) => c.tag)];
const START = '2026-11-02T08:00:00.000Z'; // the Monday season 138 begins
const WEEKS = Number(process.env.SWEEP_WEEKS ?? 6);
const END = new Date(Date.parse(START) + WEEKS * 7 * DAY + 9 * HOUR);

/** Discord down for 3 to 7 hours every 5 days, across the reset window every other time. */
function outages(): { from: Date; to: Date }[] {
  const out: { from: Date; to: Date }[] = [];
  for (let t = Date.parse(START) + 2 * DAY, k = 0; t < END.getTime(); t += 5 * DAY, k++)
    out.push({
      from: new Date(t + (k % 2 ? 7 : 14) * HOUR),
      to: new Date(t + (k % 2 ? 7 : 14) * HOUR + (3 + (k % 5)) * HOUR),
    });
  return out;
}

describe('every member’s day over weeks of a family with hard moves', () => {
  let w: WarTimeline;
  afterAll(async () => w?.close());

  it(
    'no day moved, dropped, doubled or wrongly counted in any clan, report, page or streak; no reminder late',
    async () => {
      w = await warTimeline('sqlite', START, {
        seed: 31,
        family: FAMILY,
        moveRate: 1,
        hardMoves: true,
        discordOutages: outages(),
        env: { FAMILY_CLAN_TAGS: FAMILY.map((c) => c.tag).join(','), RETENTION_OUTBOX_DAYS: '3650' },
      });
      const fam = w.sim.state.family!;
      /**
       * When each clan last looked at its roster before an instant, from the snapshots it stored: gathered at every step,
       * since snapshots are pruned after 21 days.
       */
      const seenLooks = new Map<string, Set<string>>(CLANS.map((c) => [c, new Set<string>()]));
      const looks = async () => {
        const rows = await w.t.db.kysely
          .selectFrom('war_state_cache')
          .select(['clan_tag', 'taken_at'])
          .where('member_tags', 'is not', null)
          .execute();
        for (const r of rows) seenLooks.get(r.clan_tag)?.add(r.taken_at);
        const sorted = new Map([...seenLooks].map(([c, set]) => [c, [...set].sort()]));
        return (clanTag: string, at: Date) => {
          const before = sorted
            .get(clanTag)!
            .filter((t) => t < at.toISOString())
            .at(-1);
          return before ? new Date(before) : null;
        };
      };
      const absences: TruthAbsence[] = [];
      const verdicts: Awaited<ReturnType<typeof judgeFamilyDays>> = [];
      const judged = new Set<string>();
      const kinds = { before: 0, after: 0 };
      const familyProblems: string[] = [];
      let familyJudged = 0;
      const date = (t: number) => new Date(t).toISOString().slice(0, 10);
      await w.start();
      for (let t = Date.parse(START) + DAY + 6 * HOUR, k = 0; t < END.getTime(); t += DAY, k++) {
        await w.driveUntil(new Date(t));
        const headers = bearer(await loginToken(w.t.app));
        // every other day an absence: for tomorrow (before its day) or for yesterday (after its report)
        if (k % 2 === 0) {
          const members = CLANS.flatMap((c) => fam.membersAt(c, new Date(t))).sort();
          const tag = members[(k * 7) % members.length]!;
          const after = k % 4 === 2;
          const on = date(t + (after ? -DAY : DAY));
          const res = await w.t.app.inject({
            method: 'POST',
            url: '/api/admin/absences',
            headers,
            payload: { playerTag: tag, startsOn: on, endsOn: on, reason: 'sweep' },
          });
          expect(res.statusCode, res.body).toBe(200);
          absences.push({ tag, startsOn: on, endsOn: on });
          kinds[after ? 'after' : 'before']++;
        }
        // Monday afternoon, the week's logs stored: its days judged while their snapshots are kept (21 days), and the
        // family report of the week just ended
        if (new Date(t).getUTCDay() === 1 && t > Date.parse(START) + 6 * DAY) {
          verdicts.push(...(await judgeFamilyDays(w, CLANS, new Date(START), new Date(t), judged)));
          const res = await w.t.app.inject({ url: '/api/admin/war-report/family', headers });
          const report = res.json() as FamilyReportResponse;
          if (report.war) {
            const { seasonId, sectionIndex } = report.war;
            const rows = await w.t.db.kysely
              .selectFrom('war_day_decks')
              .select(['player_tag', 'decks_used', 'decks_used_max'])
              .where('season_id', '=', seasonId)
              .where('section_index', '=', sectionIndex)
              .execute();
            const lookAt = await looks();
            const weekDays = (tag: string) =>
              ([1, 2, 3, 4] as const).map((day) =>
                truthDay(w, CLANS, absences, tag, { seasonId, sectionIndex, day }, lookAt),
              );
            const open = (tag: string) =>
              rows.filter((r) => r.player_tag === tag && r.decks_used !== r.decks_used_max).length;
            familyProblems.push(...judgeFamilyReport(report, weekDays, open));
            familyJudged += report.members.filter((m) => m.wholeWeek).length;
          }
        }
      }
      await w.driveUntil(END);

      verdicts.push(...(await judgeFamilyDays(w, CLANS, new Date(START), END, judged)));
      const dayProblems = verdicts.flatMap((v) => v.problems.map((p) => `${v.key}: ${p}`));
      const movers = verdicts.flatMap((v) => v.movers);

      // member pages and streaks: every player who moved, and every fifth member of the family
      const moved = new Set(fam.moves(new Date(START), END).map((m) => m.playerTag));
      const sample = CLANS.flatMap((c) => fam.membersAt(c, END))
        .sort()
        .filter((_, i) => i % 5 === 0);
      const tags = [...new Set([...moved, ...sample])];
      const reportedKeys = await w.t.db.kysely
        .selectFrom('war_day_reports')
        .select(['season_id', 'section_index', 'day'])
        .distinct()
        .orderBy('season_id')
        .orderBy('section_index')
        .orderBy('day')
        .execute();
      const lookAt = await looks();
      const pageProblems: string[] = [];
      const meProblems: string[] = [];
      let pagesChecked = 0;
      for (const tag of tags) {
        const res = await w.t.app.inject({ url: `/api/clan/members/${tag.slice(1)}/history` });
        if (res.statusCode === 404) continue;
        pagesChecked++;
        const days: TruthDay[] = reportedKeys.map((r) =>
          truthDay(
            w,
            CLANS,
            absences,
            tag,
            { seasonId: r.season_id, sectionIndex: r.section_index, day: r.day as 1 },
            lookAt,
          ),
        );
        pageProblems.push(...judgePage(res.json() as MemberPageResponse, days));
        // /me's weeks: the same days, read the way /me reads them
        for (const d of await familyDays({ ctx: w.t.app.ctx }, tag)) {
          const t = days.find((x) => x.seasonId === d.seasonId && x.sectionIndex === d.sectionIndex && x.day === d.day);
          if (t && (t.decks < d.decksUsed || t.decks > d.decksUsedMax))
            meProblems.push(
              `/me ${tag} ${d.seasonId}/${d.sectionIndex}/${d.day}: ${d.decksUsed}–${d.decksUsedMax}, ledger ${t.decks}`,
            );
        }
      }
      const delivery = await judgeDelivery(w, MAIN);
      const rows = await w.t.db.kysely
        .selectFrom('war_day_decks')
        .select(['decks_used', 'decks_used_max', 'parts'])
        .execute();
      const hard = fam.hardCases(new Date(START), END);
      const exact = rows.filter((r) => r.decks_used === r.decks_used_max).length;
      const elsewhere = rows.filter((r) => r.parts !== null).length;
      const table = {
        'weeks / clans': `${WEEKS}/${CLANS.length}`,
        moves: hard.moves,
        'moves 09:00–11:00 UTC / across a reset': `${hard.aroundReset}/${hard.acrossReset}`,
        'returns A → B → A': hard.returns,
        'rejoins of a clan (across a reset)': `${hard.rejoins} (${hard.rejoinsAcrossReset})`,
        'done in one clan, then moved / part done': `${hard.doneThenMoved}/${hard.partThenMoved}`,
        'absences approved before / after the day': `${kinds.before}/${kinds.after}`,
        'battle days reported (all clans)': verdicts.length,
        'member days / exact / with decks elsewhere': `${rows.length}/${exact}/${elsewhere}`,
        'mover days judged against the ledger': movers.length,
        'family report members judged (all weeks)': familyJudged,
        'member pages and streaks checked': pagesChecked,
        'reminders and reports delivered / expired': `${delivery.delivered}/${delivery.expired}`,
        'wrong days: clan reports': dayProblems.length,
        'wrong: family report': familyProblems.length,
        'wrong: member pages and streaks': pageProblems.length,
        'wrong: /me days': meProblems.length,
        'reminders delivered after their reset': delivery.lateReminders,
        'messages lost / duplicated': `${delivery.lost}/${delivery.duplicated}`,
      };
      console.log(`\nfamily sweep ${START.slice(0, 10)} → ${END.toISOString().slice(0, 10)}\n${formatTable(table)}`);
      for (const p of [...dayProblems, ...familyProblems, ...pageProblems, ...meProblems].slice(0, 15))
        console.log(`WRONG ${p}`);

      expect(hard.aroundReset).toBeGreaterThan(0);
      expect(hard.returns + hard.rejoins + hard.doneThenMoved).toBeGreaterThan(0);
      expect(movers.length).toBeGreaterThan(0);
      expect(dayProblems).toEqual([]);
      expect(familyProblems).toEqual([]);
      expect(pageProblems).toEqual([]);
      expect(meProblems).toEqual([]);
      expect(delivery).toMatchObject({ lost: 0, duplicated: 0, lateReminders: 0 });
    },
    20 * 60_000,
  );
});
