import type { ClanMember, ClashRoyaleEndpoints } from '../../clients/clash-royale/index.js';
import type { Db } from '../../db/database.js';
import { logWeekFromApi, snapshotFromApi } from '../../modules/war/api-adapters.js';
import { raceAfterLogItem, seasonIdOfRace } from '../../modules/war/calendar.js';
import { recordDailyTrophies } from '../../modules/members/member-trophies.repository.js';
import type { RiverRaceLogWeek, RiverRaceSnapshot } from '../../modules/war/types.js';
import { insertSnapshot } from '../../modules/war/war-state.repository.js';
import type { Clock } from '../../lib/clock.js';
import type { ScriptRunContext } from '../types.js';
import { nameClan } from '../../modules/family/clans.repository.js';
import { observeRosterWithMemory } from './roster-memory.js';
import type { LiveRace } from '../../modules/war/projection/from-race.js';
import { recordDayProjection } from '../../modules/war/projection/projection-recorder.js';

/** What one poll of the Clash Royale API gives the war scripts (always fresh, never the public cache). */
export interface WarPoll {
  snapshot: RiverRaceSnapshot;
  /** the clan's own standing in each finished week, newest first (empty when not asked for) */
  log: RiverRaceLogWeek[];
  members: ClanMember[];
  /** the clan's name as the game shows it now */
  clanName: string;
  /** the whole race as polled: all five clans and the season's closed days (the race projection reads it) */
  race: LiveRace;
}

export interface WarSource {
  /** the client's view for the clan (`forClan(tag, 'poll')`) */
  client: ClashRoyaleEndpoints;
  clanTag: string;
  clock: Clock;
}

/** The API a script run polls: always fresh, never the public cache. */
export function warSource(ctx: ScriptRunContext): WarSource {
  const { clanTag } = ctx;
  return { client: ctx.app.cr.client.forClan(clanTag, 'poll'), clanTag, clock: ctx.clock };
}

/**
 * One poll: the current river race and the roster at the same moment, plus the newest log items
 * when `logLimit` > 0 (docs/war-tracking.md "Snapshots").
 */
export async function pollWar(source: WarSource, logLimit = 0): Promise<WarPoll> {
  const { client, clanTag, clock } = source;
  const [race, members, log] = await Promise.all([
    client.getCurrentRiverRace(clanTag),
    client.getClanMembers(clanTag),
    logLimit > 0 ? client.getRiverRaceLog(clanTag, { limit: logLimit }) : Promise.resolve({ items: [] }),
  ]);
  const takenAt = clock.now();
  const weeks = log.items
    .flatMap((item) => (item.createdDate ? [logWeekFromApi({ ...item, createdDate: item.createdDate }, clanTag)] : []))
    .filter((w): w is RiverRaceLogWeek => w !== null);
  const memberTags = members.items.map((m) => m.tag);
  const snapshot = snapshotFromApi(race, takenAt, raceSeasonId(race, takenAt, weeks), memberTags);
  return { snapshot, log: weeks, members: members.items, clanName: race.clan.name, race };
}

/**
 * `currentriverrace` does not name its season (docs/clash-royale-api.md §7.7). The log names the
 * season of the week before when it has already rolled; otherwise the first-Monday calendar does.
 */
function raceSeasonId(
  race: { sectionIndex: number; periodIndex: number },
  takenAt: Date,
  log: RiverRaceLogWeek[],
): number {
  const newest = log[0];
  if (newest) {
    const next = raceAfterLogItem(newest);
    if (next.sectionIndex === race.sectionIndex) return next.seasonId;
  }
  return seasonIdOfRace(takenAt, race.periodIndex);
}

/**
 * Stores a poll at once, outside any run's transaction: an observation is kept even when the run
 * that made it fails later (docs/war-tracking.md). The roster is observed with it (and its changes kept in the clan log,
 * docs/leaders-memory.md), and gives the members' trophies of the day (member pages). The first poll of a battle day
 * also keeps the day's race projection.
 */
export async function recordPoll(db: Db, clanTag: string, poll: WarPoll): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await insertSnapshot(trx, clanTag, poll.snapshot);
    await nameClan(trx, clanTag, poll.clanName);
    await observeRosterWithMemory(trx, clanTag, poll.members, poll.snapshot.takenAt);
    await recordDailyTrophies(trx, poll.members, poll.snapshot.takenAt);
  });
  await recordDayProjection(db.kysely, clanTag, {
    race: poll.race,
    seasonId: poll.snapshot.seasonId,
    members: poll.members.map((m) => m.tag),
    now: poll.snapshot.takenAt,
  });
}
