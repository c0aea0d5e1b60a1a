import type { Move, MoveClan, Mover } from './family-move-types.js';

/** A clan holds at most 50 members (the game's cap). */
export const CLAN_CAP = 50;

/**
 * Where each player who may move is counted while a family's moves are played out in time order. A clan's count is
 * its own roster's capacity (every long-standing member and every slot taken) plus the players counted there from
 * elsewhere minus its own players counted elsewhere. A player is counted in the clan they are in or on their way to,
 * and, while a trip of several moves lasts, in every clan of the trip until they leave it: so a clan accepts a move
 * only while no instant after it can list more than 50, whatever the players already on their way do.
 */
export class Occupancy {
  private readonly assigned = new Map<string, string>();
  private readonly busy = new Map<string, number>();
  private readonly holds = new Map<string, { clanTag: string; until: number }[]>();
  private readonly capacity: Map<string, number>;

  constructor(
    clans: readonly MoveClan[],
    private readonly players: ReadonlyMap<string, Mover>,
  ) {
    this.capacity = new Map(clans.map((c) => [c.tag, c.capacity]));
  }

  /** The clan the player is in, or on their way to, once every move committed so far is made. */
  clanOf(tag: string): string {
    return this.assigned.get(tag) ?? this.players.get(tag)!.home;
  }

  /** Until when the player is on their way or on a trip (moved by nothing else meanwhile). */
  busyUntil(tag: string): number {
    return this.busy.get(tag) ?? -Infinity;
  }

  /** Is the player counted in the clan at `t`? */
  private counted(tag: string, clanTag: string, t: number): boolean {
    if (this.clanOf(tag) === clanTag) return true;
    return (this.holds.get(tag) ?? []).some((h) => h.clanTag === clanTag && h.until > t);
  }

  /** The clan's members beyond its own roster's capacity at `t` (negative: places its players left). */
  net(clanTag: string, t: number): number {
    let n = 0;
    for (const [tag, { player, home }] of this.players) {
      // A slot player's place at home stays taken (the slot's next occupant comes); they count nowhere once gone.
      if (player.leftAt !== null && player.leftAt <= t) continue;
      const here = this.counted(tag, clanTag, t);
      if (player.leftAt === null) n += (here ? 1 : 0) - (home === clanTag ? 1 : 0);
      else if (here && home !== clanTag) n += 1;
    }
    return n;
  }

  /** May the player (undefined: one more player) be counted in each of these clans from `t` on, none passing 50? */
  hasRoom(tag: string | undefined, clanTags: Iterable<string>, t: number): boolean {
    for (const c of new Set(clanTags)) {
      if (tag !== undefined && this.counted(tag, c, t)) continue;
      if (this.capacity.get(c)! + this.net(c, t) + 1 > CLAN_CAP) return false;
    }
    return true;
  }

  /** One player's moves, in time order: counted in the last clan, and in each other one until they leave it. */
  commit(trip: readonly Move[]): void {
    const tag = trip[0]!.playerTag;
    const held = trip.slice(0, -1).map((m, k) => ({ clanTag: m.to, until: trip[k + 1]!.leftAt }));
    const kept = (this.holds.get(tag) ?? []).filter((h) => h.until > trip[0]!.leftAt);
    this.holds.set(tag, [...kept, ...held]);
    this.assigned.set(tag, trip.at(-1)!.to);
    this.busy.set(tag, trip.at(-1)!.joinedAt);
  }
}
