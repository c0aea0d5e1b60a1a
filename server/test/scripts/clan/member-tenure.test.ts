/**
 * Tenure on the public member page (docs/leaders-memory.md, "Tenure") from the simulator: a family of three, the real
 * scheduler polling every clan for six days on a manual clock, a member who leaves and returns twice, one who moves to
 * the Academy and back, and the family's own moves beside them. Every expected stint and day count is read from the
 * simulator's ledger (its members at ClanOps' first look, then its joins and leaves), never from ClanOps' rules; an
 * observed instant is the first poll after the ledger's, at most an hour and a quarter later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberPageResponse } from '#contracts/member-page';
import { engines } from '#test/helpers/test-db';
import { DAY, MINUTE, warTimeline, type WarTimeline } from '#test/helpers/war-timeline';

const MAIN = '#2PQ8L0C';
const ACADEMY = '#8QJ2YLUC';
const YOUTH = '#9PG2C0QV';
const CLANS = [MAIN, ACADEMY, YOUTH];
const START = '2026-11-23T12:00:00.000Z';
const END = '2026-11-29T12:00:00.000Z';
const SEEN_WITHIN = 75 * MINUTE;
const day = (d: number) => new Date(Date.parse(START) + d * DAY);

interface Span {
  clanTag: string;
  joinedAt: Date;
  leftAt: Date | null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

describe.each(engines)('tenure on the member page from the simulator (%s)', (engine) => {
  let w: WarTimeline;
  const cast: Record<string, string> = {};

  beforeAll(async () => {
    w = await warTimeline(engine, START, {
      // a loaded machine's slow answer must not become a missed poll: the test is about what a poll sees
      deadlineMs: 60_000,
      seed: 23,
      family: [
        { tag: ACADEMY, name: 'Demo Academy' },
        { tag: YOUTH, name: 'Demo Youth' },
      ],
      moveRate: 1,
      env: { FAMILY_CLAN_TAGS: `${ACADEMY},${YOUTH}` },
    });
    const sim = w.sim.state;
    const family = sim.family!;
    const steady = family
      .membersAt(MAIN, new Date(START))
      .filter((t) => family.clanOf(t, new Date(END)) === MAIN && family.clanOf(t, day(-0.1)) === MAIN)
      .filter((t) => sim.membersAt(new Date(START)).find((m) => m.tag === t)?.role === 'member')
      .sort();
    [cast.returner, cast.mover] = [steady[2]!, steady[3]!];
    // three stints in the main clan: 1.0 + 0.7 + 1.8 = 3.5 days by the ledger
    sim.move(cast.returner, MAIN, day(1), day(2.5));
    sim.move(cast.returner, MAIN, day(3.2), day(4.2));
    // to the Academy and back a day later: two stints in the main clan, one in the Academy
    sim.move(cast.mover, ACADEMY, day(1.5), day(1.5 + 3 / 1440));
    sim.move(cast.mover, MAIN, day(2.6), day(2.6 + 5 / 1440));
    await w.start();
    await w.driveUntil(END);
  }, 600_000);
  afterAll(async () => {
    await w?.close();
  });

  /** The ledger's stints of a player in every clan since ClanOps first looked (START), oldest first. */
  function ledgerStints(tag: string): Span[] {
    const family = w.sim.state.family!;
    const now = w.clock.now();
    const out: Span[] = [];
    for (const clanTag of CLANS) {
      let open: Date | null = family.membersAt(clanTag, new Date(START)).includes(tag) ? new Date(START) : null;
      for (const e of family.events(clanTag, new Date(START), now).filter((x) => x.playerTag === tag)) {
        if (e.kind === 'joined') open ??= e.at;
        else if (open) {
          out.push({ clanTag, joinedAt: open, leftAt: e.at });
          open = null;
        }
      }
      if (open) out.push({ clanTag, joinedAt: open, leftAt: null });
    }
    return out.sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  }

  async function page(tag: string): Promise<MemberPageResponse> {
    const res = await w.t.app.inject({ url: `/api/clan/members/${tag.slice(1)}/history` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MemberPageResponse;
  }

  /** Checks the page's tenure against the ledger; returns the ledger's day count when the observation cannot blur it. */
  async function expectLedgerTenure(tag: string): Promise<number | null> {
    const now = w.clock.now().getTime();
    const all = ledgerStints(tag);
    // the clan of the current stint, or of the last one after leaving the family
    const clanTag = (all.find((s) => s.leftAt === null) ?? all.at(-1)!).clanTag;
    const stints = all.filter((s) => s.clanTag === clanTag);
    const { tenure } = await page(tag);
    expect(tenure, tag).not.toBeNull();
    expect(tenure!.stints, tag).toBe(stints.length);
    expect(tenure!.timeline, tag).toHaveLength(stints.length);
    stints.forEach((truth, i) => {
      const seen = tenure!.timeline[i]!;
      const joinLag = Date.parse(seen.joinedAt) - truth.joinedAt.getTime();
      expect(joinLag, `${tag} stint ${i} joined`).toBeGreaterThanOrEqual(0);
      expect(joinLag, `${tag} stint ${i} joined`).toBeLessThanOrEqual(SEEN_WITHIN);
      if (truth.leftAt === null) expect(seen.leftAt, `${tag} stint ${i}`).toBeNull();
      else {
        const leaveLag = Date.parse(seen.leftAt!) - truth.leftAt.getTime();
        expect(leaveLag, `${tag} stint ${i} left`).toBeGreaterThanOrEqual(0);
        expect(leaveLag, `${tag} stint ${i} left`).toBeLessThanOrEqual(SEEN_WITHIN);
      }
    });
    // each join seen late shortens the stint, each leave seen late lengthens it, by at most SEEN_WITHIN
    const ms = stints.reduce((sum, s) => sum + (s.leftAt?.getTime() ?? now) - s.joinedAt.getTime(), 0);
    const late = (n: number) => n * SEEN_WITHIN;
    const least = Math.floor((ms - late(stints.filter((s) => s.joinedAt.getTime() > Date.parse(START)).length)) / DAY);
    const most = Math.floor((ms + late(stints.filter((s) => s.leftAt !== null).length)) / DAY);
    expect(tenure!.days, tag).toBeGreaterThanOrEqual(least);
    expect(tenure!.days, tag).toBeLessThanOrEqual(most);
    expect(tenure!.summary, tag).toBe(
      `in the clan ${plural(tenure!.days, 'day')} over ${plural(stints.length, 'stint')}`,
    );
    return least === most ? least : null;
  }

  it('a member who left and returned twice: 3 stints, 3 days, each stint dated at the first poll after the ledger’s', async () => {
    expect(await expectLedgerTenure(cast.returner!)).toBe(3);
    const { tenure, inClan } = await page(cast.returner!);
    expect(inClan).toBe(true);
    expect(tenure!.summary).toBe('in the clan 3 days over 3 stints');
    expect(tenure!.timeline.map((s) => s.leftAt === null)).toEqual([false, false, true]);
  });

  it('a member who moved to the Academy and back: the main clan’s two stints, not the Academy’s', async () => {
    await expectLedgerTenure(cast.mover!);
    expect((await page(cast.mover!)).tenure!.stints).toBe(2);
  });

  it('every player the ledger saw join or leave a family clan in the six days has the ledger’s tenure', async () => {
    const family = w.sim.state.family!;
    const quiet = w.clock.now().getTime() - SEEN_WITHIN;
    const events = CLANS.flatMap((c) => family.events(c, new Date(START), w.clock.now()));
    const tags = [...new Set(events.map((e) => e.playerTag))]
      // a change the last polls may not have seen yet is left out
      .filter((t) => !events.some((e) => e.playerTag === t && e.at.getTime() > quiet))
      .sort();
    expect(tags.length).toBeGreaterThan(5);
    for (const tag of tags) await expectLedgerTenure(tag);
  });
});
