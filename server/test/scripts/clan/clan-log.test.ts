/**
 * The leaders' memory from the simulator (docs/leaders-memory.md): a family of three, the real scheduler polling every
 * clan on a manual clock, each roster change scripted in the simulator (a reshuffle of ten moves, a leave and return,
 * a move to a feeder by a watched player, a rename, a promotion and a demotion) beside the ones it makes on its own.
 * Every expected value is read from the simulator's ledger (its joins, leaves, moves and profile changes), never from
 * ClanOps' rules; an observed instant is the first poll after the ledger's, at most an hour and a quarter later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClanLogResponse, MemberMemory } from '#contracts/admin-leaders';
import { ADMIN_PASSWORD, bearer, loginToken } from '#test/helpers/auth';
import { contentOf, startDiscordStandIn, type DiscordStandIn } from '#test/helpers/discord-stand-in';
import { engines } from '#test/helpers/test-db';
import { HOUR, MINUTE, warTimeline, type WarTimeline } from '#test/helpers/war-timeline';

const MAIN = '#2PQ8L0C';
const ACADEMY = '#8QJ2YLUC';
const YOUTH = '#9PG2C0QV';
const CLANS = [MAIN, ACADEMY, YOUTH];
const FAMILY = [
  { tag: ACADEMY, name: 'Demo Academy' },
  { tag: YOUTH, name: 'Demo Youth' },
];
const START = '2026-11-23T12:00:00.000Z';
const END = '2026-11-24T16:00:00.000Z';
/** an event's first poll comes within this */
const SEEN_WITHIN = 75 * MINUTE;
const hook = (i: number) => `https://discord.com/api/webhooks/${700 + i}/log-token-${i}`;
const at = (hours: number) => new Date(Date.parse(START) + hours * HOUR);

interface Expected {
  clanTag: string;
  playerTag: string;
  kind: string;
  other: string | null;
  at: Date;
}

describe.each(engines)('the clan log from the simulator (%s)', (engine) => {
  let w: WarTimeline;
  let discord: DiscordStandIn;
  let headers: Record<string, string>;
  const cast: Record<string, string> = {};
  const reshuffled: string[] = [];
  const get = async <T>(url: string): Promise<T> => {
    const res = await w.t.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const posts = (i: number, from: Date, to: Date) =>
    discord.requests.filter(
      (r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${700 + i}/`) && inWindow(r, from, to),
    );
  const postedAt = new Map<object, number>();
  const inWindow = (r: object, from: Date, to: Date) => {
    const t = postedAt.get(r) ?? 0;
    return t >= from.getTime() && t < to.getTime();
  };

  beforeAll(async () => {
    discord = await startDiscordStandIn();
    w = await warTimeline(engine, START, {
      // a loaded machine's slow answer must not become a missed poll: the test is about what a poll sees
      deadlineMs: 60_000,
      seed: 11,
      family: FAMILY,
      moveRate: 1,
      env: { FAMILY_CLAN_TAGS: `${ACADEMY},${YOUTH}`, DISCORD_API_BASE_URL: discord.baseUrl },
    });
    const stamp = discord.requests.push.bind(discord.requests);
    discord.requests.push = (...items) => {
      for (const r of items) postedAt.set(r, w.clock.now().getTime());
      return stamp(...items);
    };
    headers = bearer(await loginToken(w.t.app));
    for (const [i, clan] of CLANS.entries()) {
      const res = await w.t.app.inject({
        method: 'PUT',
        url: `/api/admin/leaders/log-channel?clan=${encodeURIComponent(clan)}`,
        headers,
        payload: { url: hook(i), password: ADMIN_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sim = w.sim.state;
    const family = sim.family!;
    const steady = (clan: string) =>
      family
        .membersAt(clan, new Date(START))
        .filter((t) => family.clanOf(t, new Date(END)) === clan && family.clanOf(t, at(-1)) === clan)
        .filter((t) => sim.membersAt(new Date(START)).find((m) => m.tag === t)?.role !== 'leader')
        .sort();
    const mains = steady(MAIN).filter(
      (t) => sim.membersAt(new Date(START)).find((m) => m.tag === t)?.role === 'member',
    );
    const academy = steady(ACADEMY);
    // a reshuffle: five main members to the Academy and five of the Academy's to the main clan, at one instant
    for (const tag of mains.slice(0, 5)) sim.move(tag, ACADEMY, at(2.2), at(2.23));
    const movedUp: string[] = [];
    for (const tag of academy) {
      if (movedUp.length === 5) break;
      try {
        sim.move(tag, MAIN, at(2.2), at(2.23));
        movedUp.push(tag);
      } catch {
        // a clan's leader cannot be moved
      }
    }
    reshuffled.push(...mains.slice(0, 5), ...movedUp);
    ['returner', 'watched', 'renamed', 'promoted'].forEach((role, i) => (cast[role] = mains[6 + i]!));
    sim.move(cast.returner!, MAIN, at(4.2), at(7.2));
    // a return leaders wrote nothing of: announced in the channel, not on the system card
    cast.quiet = mains[10]!;
    sim.move(cast.quiet, MAIN, at(10.2), at(12.7));
    sim.move(cast.watched!, YOUTH, at(8.2), at(8.25));
    sim.changeProfile({ playerTag: cast.renamed!, at: at(5.5), name: 'Renamed Royale' });
    sim.changeProfile({ playerTag: cast.promoted!, at: at(6.5), role: 'elder' });
    sim.changeProfile({ playerTag: cast.promoted!, at: at(20.5), role: 'member' });
    const watch = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/leaders/watch-list',
      headers,
      payload: { playerTag: cast.watched, reason: 'kicked in the spring for abuse' },
    });
    expect(watch.statusCode, watch.body).toBe(200);
    // what leaders wrote of the returner before they left: told again when they return
    for (const [kind, reason] of [
      ['strike', 'skipped the clan war final'],
      ['note', 'asked to be an elder'],
    ]) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/admin/leaders/notes',
        headers,
        payload: { playerTag: cast.returner, kind, reason },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await w.start();
    await w.driveUntil(END);
    headers = bearer(await loginToken(w.t.app));
  }, 600_000);
  afterAll(async () => {
    await w?.close();
    await discord?.close();
  });

  /** The ledger's events in the window, as the log names them. */
  function expected(): Expected[] {
    const family = w.sim.state.family!;
    const out: Expected[] = [];
    for (const clanTag of CLANS)
      for (const e of family.events(clanTag, new Date(Date.parse(START) + MINUTE), new Date(END))) {
        // a move over a day apart is a leave and a join (docs/decisions/100-clan-family-data-model.md)
        const inWindow = e.move !== null && e.move.joinedAt.getTime() - e.move.leftAt.getTime() <= 24 * HOUR;
        const move = inWindow && e.move!.fromClan !== e.move!.toClan ? e.move : null;
        // a return: a stint of the player in the family that ended after ClanOps first looked
        const seenBefore = family
          .stints(e.playerTag, e.at)
          .some((s) => s.leftAt !== null && s.leftAt > new Date(START) && s.leftAt < e.at);
        const rejoin = move === null && seenBefore;
        const kind = e.kind === 'left' ? 'left' : move ? 'moved' : rejoin ? 'returned' : 'joined';
        const other = move ? (e.kind === 'left' ? move.toClan : move.fromClan) : null;
        out.push({ clanTag, playerTag: e.playerTag, kind, other, at: e.at });
      }
    for (const c of w.sim.state.profiles.ledger) {
      const clanTag = family.clanOf(c.playerTag, c.at)!;
      const kind = c.name ? 'renamed' : c.role === 'elder' ? 'promoted' : 'demoted';
      out.push({ clanTag, playerTag: c.playerTag, kind, other: null, at: c.at });
    }
    return out;
  }

  it('the log equals the ledger: every change seen at the first poll after it, nothing the ledger does not hold', async () => {
    const { entries } = await get<ClanLogResponse>('/api/admin/clan-log');
    const unmatched = [...entries];
    const missing: Expected[] = [];
    for (const e of expected()) {
      const i = unmatched.findIndex(
        (r) =>
          r.clanTag === e.clanTag &&
          r.playerTag === e.playerTag &&
          r.kind === e.kind &&
          r.otherClanTag === e.other &&
          Date.parse(r.at) >= e.at.getTime() &&
          Date.parse(r.at) <= e.at.getTime() + SEEN_WITHIN,
      );
      if (i >= 0) unmatched.splice(i, 1);
      else if (e.at.getTime() < Date.parse(END) - SEEN_WITHIN) missing.push(e);
    }
    expect(missing).toEqual([]);
    expect(unmatched).toEqual([]);
    const kinds = new Set(entries.map((e) => e.kind));
    for (const kind of ['moved', 'left', 'returned', 'renamed', 'promoted', 'demoted']) expect(kinds).toContain(kind);
  });

  it('filters by clan, member and kind, and gives the same rows as CSV', async () => {
    const academy = await get<ClanLogResponse>(`/api/admin/clan-log?clan=${encodeURIComponent(ACADEMY)}&kind=moved`);
    const fromLedger = expected().filter((e) => e.clanTag === ACADEMY && e.kind === 'moved');
    expect(academy.entries.map((e) => e.playerTag).sort()).toEqual(fromLedger.map((e) => e.playerTag).sort());
    const mine = await get<ClanLogResponse>(`/api/admin/clan-log?player=${encodeURIComponent(cast.returner!)}`);
    expect(mine.entries.map((e) => `${e.clanTag} ${e.kind}`)).toEqual([`${MAIN} returned`, `${MAIN} left`]);
    const csv = await w.t.app.inject({
      url: `/api/admin/clan-log/csv?clan=${encodeURIComponent(ACADEMY)}&kind=moved`,
      headers,
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.trim().split('\n')).toHaveLength(fromLedger.length + 1);
  });

  it('a reshuffle of ten moves is one message per clan in its log channel', () => {
    for (const i of [0, 1]) {
      const sent = posts(i, at(2.2), at(2.2 + SEEN_WITHIN / HOUR + 1)).filter((r) =>
        reshuffled.some((t) => contentOf(r).includes(t)),
      );
      expect(sent).toHaveLength(1);
      for (const tag of reshuffled) expect(contentOf(sent[0]!)).toContain(tag);
    }
  });

  it('announces the returning member in the log channel with their last stint', () => {
    const line = posts(0, at(7), at(9))
      .map(contentOf)
      .join('\n')
      .split('\n')
      .find((l) => l.includes(cast.returner!));
    const last = w.sim.state.family!.stints(cast.returner!, new Date(END)).filter((s) => s.clanTag === MAIN);
    // the stint ClanOps saw: from its first look to the leave (observed at the first poll after it)
    expect(line).toMatch(
      new RegExp(`returned \\(last stint 2026-11-23 to ${last[0]!.leftAt!.toISOString().slice(0, 10)} in #2PQ8L0C\\)`),
    );
  });

  it('announces a returning former member once, in the log channel and on the system card, with stint, strike and note', async () => {
    const last = w.sim.state.family!.stints(cast.returner!, new Date(END)).filter((s) => s.clanTag === MAIN)[0]!;
    // the stint ClanOps saw: from its first look to the leave, seen at the first poll after it (the same UTC day here)
    const expected =
      `returned to ${MAIN}. Last stint: ${MAIN} 2026-11-23 to ${last.leftAt!.toISOString().slice(0, 10)}. ` +
      'Active strikes (1): skipped the clan war final (2026-11-23). Notes (1): asked to be an elder (2026-11-23).';
    const announced = discord.requests.filter(
      (r) =>
        r.method === 'POST' &&
        contentOf(r).includes(`(${cast.returner}) returned to`) &&
        contentOf(r).includes('Last stint'),
    );
    expect(announced).toHaveLength(1);
    expect(announced[0]!.path.startsWith('/webhooks/700/')).toBe(true);
    expect(contentOf(announced[0]!)).toContain(expected);
    const returnedAt = w.sim.state.family!.events(MAIN, at(7), at(8)).find((e) => e.playerTag === cast.returner)!.at;
    expect(postedAt.get(announced[0]!)! - returnedAt.getTime()).toBeGreaterThanOrEqual(0);
    expect(postedAt.get(announced[0]!)! - returnedAt.getTime()).toBeLessThanOrEqual(SEEN_WITHIN);
    // on the system card only a return leaders wrote something of: the returner's, whatever other returns there were
    const cards = (await get<{ alerts: { kind: string; message: string }[] }>('/api/admin/alerts')).alerts.filter(
      (a) => a.kind === 'returning-member',
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]!.message).toContain(`(${cast.returner}) ${expected}`);
    // every return the log holds (the ledger's, as the first test shows) is announced once in its clan's channel
    const { entries } = await get<ClanLogResponse>('/api/admin/clan-log?kind=returned');
    const all = discord.requests.filter((r) => r.method === 'POST' && /^\*\*Former member /.test(contentOf(r)));
    expect(entries.map((e) => e.playerTag)).toEqual(expect.arrayContaining([cast.returner, cast.quiet]));
    expect(all).toHaveLength(entries.length);
    for (const e of entries)
      expect(all.filter((r) => contentOf(r).includes(`(${e.playerTag}) returned to ${e.clanTag}`))).toHaveLength(1);
  });

  it('the watch-list alert reaches the feeder’s log channel at the first poll after the join, once', async () => {
    const alerts = discord.requests.filter((r) => r.method === 'POST' && contentOf(r).includes('is on the watch list'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.path.startsWith('/webhooks/702/')).toBe(true);
    expect(contentOf(alerts[0]!)).toContain('kicked in the spring for abuse');
    const joined = w.sim.state.family!.moves(at(8), at(9)).find((m) => m.playerTag === cast.watched)!.joinedAt;
    const sentAt = postedAt.get(alerts[0]!)!;
    expect(sentAt).toBeGreaterThanOrEqual(joined.getTime());
    const log = await get<ClanLogResponse>(
      `/api/admin/clan-log?player=${encodeURIComponent(cast.watched!)}&kind=moved`,
    );
    expect(sentAt).toBe(Date.parse(log.entries[0]!.at));
    // and on the system card: one open alert with the reason
    const cards = (await get<{ alerts: { kind: string; message: string }[] }>('/api/admin/alerts')).alerts.filter(
      (a) => a.kind === 'watch-list',
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]!.message).toContain('kicked in the spring for abuse');
  });

  it('tenure on the member page is the ledger’s stints since ClanOps first looked', async () => {
    const memory = await get<MemberMemory>(
      `/api/admin/leaders/members/${encodeURIComponent(cast.returner!)}?clan=${encodeURIComponent(MAIN)}`,
    );
    const stints = w.sim.state.family!.stints(cast.returner!, new Date(END)).filter((s) => s.clanTag === MAIN);
    expect(memory.tenure.stints).toBe(stints.length);
    memory.tenure.timeline.forEach((s, i) => {
      const truth = stints[i]!;
      const from = Math.max(truth.joinedAt.getTime(), Date.parse(START));
      expect(Date.parse(s.joinedAt) - from).toBeGreaterThanOrEqual(0);
      expect(Date.parse(s.joinedAt) - from).toBeLessThanOrEqual(SEEN_WITHIN);
      if (truth.leftAt) expect(Date.parse(s.leftAt!) - truth.leftAt.getTime()).toBeLessThanOrEqual(SEEN_WITHIN);
      else expect(s.leftAt).toBeNull();
    });
    expect(memory.tenure.summary).toMatch(
      new RegExp(`^in the clan ${memory.tenure.days} days? over ${stints.length} stints$`),
    );
  });
});
