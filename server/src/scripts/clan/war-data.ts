import type { ClanMember } from '../../clients/clash-royale/index.js';
import { raceAfterLogItem } from '../../modules/war/calendar.js';
import { logWeekFromApi, snapshotFromApi } from '../../modules/war/api-adapters.js';
import type { RiverRaceLogWeek, RiverRaceSnapshot, RosterMember } from '../../modules/war/types.js';
import type { ScriptRunContext } from '../types.js';

/** What one poll of the Clash Royale API gives the war scripts (always fresh, never the public cache). */
export interface WarPoll {
  snapshot: RiverRaceSnapshot;
  /** the clan's own standing in each finished week, newest first */
  log: RiverRaceLogWeek[];
  members: ClanMember[];
}

/** One poll: current river race, the newest log items and the roster (docs/war-tracking.md). */
export async function pollWar(ctx: ScriptRunContext, logLimit = 2): Promise<WarPoll> {
  const { client } = ctx.app.cr;
  const tag = ctx.app.config.CLAN_TAG;
  const [race, log, members] = await Promise.all([
    client.getCurrentRiverRace(tag),
    client.getRiverRaceLog(tag, { limit: logLimit }),
    client.getClanMembers(tag),
  ]);
  const weeks = log.items
    .flatMap((item) => (item.createdDate ? [logWeekFromApi({ ...item, createdDate: item.createdDate }, tag)] : []))
    .filter((w): w is RiverRaceLogWeek => w !== null);
  const newest = weeks[0];
  // currentriverrace has no seasonId (docs/clash-royale-api.md §7.7): it is the race after the newest log item.
  const seasonId =
    newest && race.sectionIndex === raceAfterLogItem(newest).sectionIndex ? raceAfterLogItem(newest).seasonId : null;
  return { snapshot: snapshotFromApi(race, ctx.clock.now(), seasonId), log: weeks, members: members.items };
}

/**
 * The roster the report judges, with join times as observed. Members present at the first
 * observation ever were in the clan before tracking began: they are never "joined during the
 * day" (docs/decisions/008-roster-tracking.md). New members are first seen now.
 */
export function rosterForReport(
  apiMembers: readonly { tag: string; name: string }[],
  stored: readonly { tag: string; first_seen_at: string; left_at: string | null }[],
  now: Date,
): RosterMember[] {
  const before = new Date(0);
  const trackingStart = stored.reduce<string | null>(
    (min, r) => (min === null || r.first_seen_at < min ? r.first_seen_at : min),
    null,
  );
  const byTag = new Map(stored.map((r) => [r.tag, r]));
  return apiMembers.map((m) => {
    const row = byTag.get(m.tag);
    if (trackingStart === null) return { tag: m.tag, name: m.name, firstSeenAt: before };
    if (!row || row.left_at !== null) return { tag: m.tag, name: m.name, firstSeenAt: now };
    return {
      tag: m.tag,
      name: m.name,
      firstSeenAt: row.first_seen_at <= trackingStart ? before : new Date(row.first_seen_at),
    };
  });
}
