import type { MemberPageResponse } from '#contracts/member-page';
import type { SimMove } from '../../src/simulator/family-ledger.js';
import { weekOf } from './family-judge.js';
import type { WarTimeline } from './war-timeline.js';

const HOUR = 3_600_000;

/** Whether an observed instant is the ledger's, seen at the first poll after it (within an hour). */
const seenAfter = (observed: string | null | undefined, truth: Date) =>
  observed != null && Date.parse(observed) >= truth.getTime() && Date.parse(observed) - truth.getTime() < HOUR;

/**
 * The member page of a player who moved once while ClanOps watched, held to the family's ledger: the two stints and
 * the move with the ledger's instants (seen at the next poll), the clan they are in now, "member since" of the new stint
 * and "in the family since" of the old one, each week's part of every clan the ledger says they played for, and 404
 * from a clan they were never in. Returns what does not hold.
 */
export async function judgeMoverPage(
  w: WarTimeline,
  move: SimMove,
  end: Date,
  never: string | null,
): Promise<string[]> {
  const problems: string[] = [];
  const tag = move.playerTag;
  const url = `/api/clan/members/${encodeURIComponent(tag)}/history`;
  const res = await w.t.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) return [`${tag}: ${res.statusCode}`];
  const page = res.json<MemberPageResponse>();
  const say = (what: string) => problems.push(`${tag}: ${what}`);
  const stints = page.stints ?? [];
  if (stints.map((s) => s.clan.tag).join() !== [move.fromClan, move.toClan].join())
    say(`stints ${stints.map((s) => s.clan.tag).join(', ')}, ledger ${move.fromClan}, ${move.toClan}`);
  const [old, now] = stints;
  if (!seenAfter(old?.leftAt, move.leftAt)) say(`left ${old?.leftAt}, ledger ${move.leftAt.toISOString()}`);
  if (!seenAfter(now?.firstSeenAt, move.joinedAt))
    say(`joined ${now?.firstSeenAt}, ledger ${move.joinedAt.toISOString()}`);
  const [m, ...more] = page.moves ?? [];
  if (!m || more.length > 0 || m.from.tag !== move.fromClan || m.to.tag !== move.toClan)
    say('not one move as the ledger');
  else if (!seenAfter(m.leftAt, move.leftAt) || !seenAfter(m.joinedAt, move.joinedAt)) say('the move’s instants');
  const fam = w.sim.state.family!;
  if (page.clan?.tag !== fam.clanOf(tag, end)) say(`clan ${page.clan?.tag}, ledger ${fam.clanOf(tag, end)}`);
  if (page.inClan !== (fam.clanOf(tag, end) !== null)) say(`inClan ${page.inClan}`);
  if (page.firstSeenAt !== now?.firstSeenAt) say(`member since ${page.firstSeenAt}, not the new stint's`);
  if (page.familyFirstSeenAt == null || Date.parse(page.familyFirstSeenAt) > Date.parse(old?.firstSeenAt ?? ''))
    say(`in the family since ${page.familyFirstSeenAt}, after the old stint began (${old?.firstSeenAt})`);
  for (const week of page.weeks.filter((x) => x.stored)) {
    for (const clan of [move.fromClan, move.toClan]) {
      const truth = weekOf(w, clan, tag, week.seasonId, week.sectionIndex);
      const part = week.parts?.find((p) => p.clan.tag === clan);
      if (truth.decks > 0 && (part?.decksUsed !== truth.decks || part.fame !== truth.fame))
        say(`${week.title} ${clan}: ${part?.decksUsed} decks ${part?.fame} fame, ledger ${truth.decks} ${truth.fame}`);
    }
    const parts = week.parts ?? [];
    if (parts.length > 0 && week.decksUsed !== parts.reduce((s, p) => s + (p.decksUsed ?? 0), 0))
      say(`${week.title}: decks ${week.decksUsed} are not its parts added`);
  }
  if (never) {
    const other = await w.t.app.services.memberPages.history(tag, { clanTag: never }).then(
      () => 200,
      (err: { statusCode?: number }) => err.statusCode,
    );
    if (other !== 404) say(`history from ${never}, a clan never theirs, answers ${other}`);
  }
  // the link preview names the clan the player is in: a feeder by its own name
  const head = await w.t.app.services.memberPages.head(tag);
  const feeder = page.clan && page.clan.tag !== w.t.app.ctx.clans.main.tag ? page.clan : null;
  if (feeder && page.inClan && !head?.description.includes(`of ${feeder.name ?? feeder.tag} since`))
    say(`described as "${head?.description}" though in ${feeder.name}`);
  const mine = await w.t.app.services.memberPages.history(tag, { clanTag: move.fromClan }).then(() => 200);
  if (mine !== 200) say(`history from ${move.fromClan} answers ${mine}`);
  return problems;
}
