import type { z } from 'zod';
import { encodeTag, normaliseClanTag } from '../../lib/clan-tag.js';
import { ClashRoyaleApiError } from './errors.js';
import {
  clanMembersSchema,
  clanRankingsSchema,
  clanSchema,
  currentRiverRaceSchema,
  locationsSchema,
  playerSchema,
  riverRaceLogSchema,
  type Clan,
  type ClanMembers,
  type ClanRankings,
  type CurrentRiverRace,
  type Locations,
  type Player,
  type RiverRaceLog,
} from './schemas.js';

export type LocationId = number | 'global';

/** A parsed 200 answer and the seconds the API keeps serving it (its cache-control max-age). */
export interface Answer<T> {
  data: T;
  maxAgeSeconds: number | null;
}

/**
 * The API's endpoints with tags normalised and answers zod-parsed; `request` (the client's transport, or a view
 * that labels each call with a clan and a priority) does the rest.
 */
export abstract class ClashRoyaleEndpoints {
  protected abstract request<S extends z.ZodType>(path: string, schema: S): Promise<Answer<z.output<S>>>;

  async getClan(clanTag: string): Promise<Clan> {
    return this.get(`/clans/${tagSegment(clanTag)}`, clanSchema);
  }

  async getClanMembers(clanTag: string): Promise<ClanMembers> {
    return this.get(`/clans/${tagSegment(clanTag)}/members`, clanMembersSchema);
  }

  async getCurrentRiverRace(clanTag: string): Promise<CurrentRiverRace> {
    return this.get(`/clans/${tagSegment(clanTag)}/currentriverrace`, currentRiverRaceSchema);
  }

  /** Newest week first; ask for a small `limit` on routine updates (a full log is up to 1.9 MB, §6.4). */
  async getRiverRaceLog(clanTag: string, options: { limit?: number } = {}): Promise<RiverRaceLog> {
    return this.get(`/clans/${tagSegment(clanTag)}/riverracelog${limitQuery(options.limit)}`, riverRaceLogSchema);
  }

  async getPlayer(playerTag: string): Promise<Player> {
    return this.get(`/players/${tagSegment(playerTag)}`, playerSchema);
  }

  /** The profile with the seconds the API will keep serving this same answer (its cache-control max-age). */
  async getPlayerWithAge(playerTag: string): Promise<{ player: Player; maxAgeSeconds: number | null }> {
    const { data, maxAgeSeconds } = await this.request(`/players/${tagSegment(playerTag)}`, playerSchema);
    return { player: data, maxAgeSeconds };
  }

  async getLocations(): Promise<Locations> {
    return this.get('/locations', locationsSchema);
  }

  /** Clans by clan score in a location, or worldwide with 'global'. */
  async getClanRankings(locationId: LocationId, options: { limit?: number } = {}): Promise<ClanRankings> {
    return this.get(
      `/locations/${locationSegment(locationId)}/rankings/clans${limitQuery(options.limit)}`,
      clanRankingsSchema,
    );
  }

  /** Clans by war trophies (clanScore holds war trophies here, §6.6). */
  async getClanWarRankings(locationId: LocationId, options: { limit?: number } = {}): Promise<ClanRankings> {
    return this.get(
      `/locations/${locationSegment(locationId)}/rankings/clanwars${limitQuery(options.limit)}`,
      clanRankingsSchema,
    );
  }

  private async get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    return (await this.request(path, schema)).data;
  }
}

function tagSegment(tag: string): string {
  const normalised = normaliseClanTag(tag);
  if (!normalised) {
    throw new ClashRoyaleApiError({
      status: null,
      endpoint: tag,
      reason: 'badRequest',
      apiMessage: `"${tag}" is not a valid tag`,
    });
  }
  return encodeTag(normalised);
}

function locationSegment(id: LocationId): string {
  return id === 'global' ? 'global' : String(Math.floor(id));
}

function limitQuery(limit: number | undefined): string {
  return limit ? `?limit=${Math.max(1, Math.floor(limit))}` : '';
}
