/**
 * Automatic strikes for a week below the fame minimum, from the simulator (docs/leaders-memory.md): the real scheduler
 * on a manual clock from before a week's start until after the river race log stored it, with the clan's automatic
 * strikes on. The expected strikes are read from the simulator: its river race log (each participant's fame) and its
 * ledger (who was a member from the week's start until the run); never from ClanOps' rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WAR_RULES } from '#contracts/war-rules';
import { writeStrikeRules } from '#server/modules/leaders/strike-rules.repository';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';
import { engines } from '#test/helpers/test-db';
import { DAY, MINUTE, warTimeline, type WarTimeline } from '#test/helpers/war-timeline';
import { ask } from '#test/simulator/family-helpers';

const START = '2026-11-22T12:00:00.000Z';
const END = '2026-12-01T12:00:00.000Z';
/** a roster change is seen at the first poll after it, within this */
const SEEN_WITHIN = 75 * MINUTE;

interface LogItem {
  seasonId: number;
  sectionIndex: number;
  createdDate: string;
  standings: { clan: { tag: string; participants: { tag: string; fame: number }[] } }[];
}

/** "20261130T095011.000Z" → a Date */
const apiDate = (s: string) =>
  new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13)}`);

describe.each(engines)('automatic strikes for a week below the fame minimum, from the simulator (%s)', (engine) => {
  let w: WarTimeline;

  beforeAll(async () => {
    w = await warTimeline(engine, START, { seed: 5 });
    await writeStrikeRules(w.t.app.ctx.db.kysely, CLAN, { threshold: 3, days: 30, auto: true, dm: false });
    await w.start();
    await w.driveUntil(END);
  }, 600_000);
  afterAll(async () => {
    await w?.close();
  });

  it('strikes each member of the whole week whose fame in the log is below the minimum, and nobody else', async () => {
    const log = ask(w.sim.state, 'riverracelog', CLAN, Date.parse(END), 'limit=1').body.items[0] as LogItem;
    const closed = apiDate(log.createdDate);
    const began = closed.getTime() - 7 * DAY;
    expect(began).toBeGreaterThan(Date.parse(START));
    const fame = new Map(
      log.standings.find((s) => s.clan.tag === CLAN)!.clan.participants.map((p) => [p.tag, p.fame] as const),
    );
    const members = w.sim.state.membersDuring(new Date(began - SEEN_WITHIN), new Date(END));
    // a join or leave too close to the week's start or to the end may be seen on either side of it: left out
    const unclear = (t: Date | null) =>
      t !== null && (Math.abs(t.getTime() - began) <= SEEN_WITHIN || t.getTime() >= closed.getTime() - SEEN_WITHIN);
    const judged = members.filter((m) => !unclear(m.joinedAt) && !unclear(m.leftAt));
    const whole = judged.filter((m) => m.joinedAt.getTime() < began && m.leftAt === null);
    const expected = whole
      .filter((m) => (fame.get(m.tag) ?? 0) < DEFAULT_WAR_RULES.minimumFamePerWar)
      .map((m) => ({
        player_tag: m.tag,
        reason:
          `${(fame.get(m.tag) ?? 0).toLocaleString('en-US')} fame in season ${log.seasonId}, ` +
          `week ${log.sectionIndex + 1}, below the minimum of 2,000`,
      }))
      .sort((a, b) => a.player_tag.localeCompare(b.player_tag));
    expect(expected.length).toBeGreaterThan(0);
    expect(whole.length - expected.length).toBeGreaterThan(0);

    const given = await w.t.app.ctx.db.kysely
      .selectFrom('leader_notes')
      .select(['player_tag', 'reason', 'author', 'auto_key'])
      .where('auto_key', 'like', '%/fame')
      .orderBy('player_tag')
      .execute();
    const judgedTags = new Set(judged.map((m) => m.tag));
    expect(
      given.filter((g) => judgedTags.has(g.player_tag)).map(({ player_tag, reason }) => ({ player_tag, reason })),
    ).toEqual(expected);
    // nobody outside the judged members is struck but an unclear case, and each strike is the week's, by `auto`
    for (const g of given) {
      expect(g.author).toBe('auto');
      expect(g.auto_key).toBe(`auto:${CLAN}:${g.player_tag}:${log.seasonId}/${log.sectionIndex}/fame`);
      if (!judgedTags.has(g.player_tag)) expect(members.map((m) => m.tag)).toContain(g.player_tag);
    }
  });
});
