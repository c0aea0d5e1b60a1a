import { z } from 'zod';
import { FRESHNESS_MS } from '#contracts/freshness';
import { familyRaceSchema, type FamilySiteClan, type FamilySiteResponse } from '#contracts/family-site';
import type { MonthlyChampionsResponse } from '#contracts/public';
import type { RaceProjectionResponse } from '#contracts/race-projection';
import type { AppContext } from '#server/app-context';
import type { MemberPageResponse } from '#contracts/member-page';
import { badRequest, notFound } from '#server/lib/app-error';
import { normaliseClanTag } from '#server/lib/clan-tag';
import type { PublicCache } from '#server/modules/clan/public-cache';
import { listClans } from './clans.repository.js';

/** What a card reads from the game, through the client's view for the clan (only the fields used here). */
export interface FamilyCardSource {
  getClan(
    clanTag: string,
  ): Promise<{ tag: string; name: string; badgeId?: number; members: number; clanWarTrophies: number }>;
  getCurrentRiverRace(clanTag: string): Promise<{
    periodType: string;
    clan: RaceClan;
    clans: RaceClan[];
  }>;
}

interface RaceClan {
  tag: string;
  /** the boat's progress (moved at each battle day's end) */
  fame: number;
  /** the day's medals so far */
  periodPoints: number;
  finishTime: Date | null;
  participants: { decksUsed: number }[];
}

export interface FamilySiteDeps<Site> {
  ctx: Pick<AppContext, 'clans' | 'cr' | 'db'>;
  cache: PublicCache;
  source(clanTag: string): FamilyCardSource;
  /** the public services of one clan (server/src/clan-sites.ts) */
  site(clanTag: string): Site;
  champions(clanTag: string): Promise<MonthlyChampionsResponse>;
  /** the clan's race projection (docs/war-tracking.md "Where the race will end") */
  projection(clanTag: string): Promise<RaceProjectionResponse>;
  /** a player's page (across the family's clans); 400 for a bad tag, 404 for a player never in `clanTag` */
  memberHistory(playerTag: string, clanTag: string): Promise<MemberPageResponse>;
}

const cardSchema = z.object({
  name: z.string(),
  badgeId: z.number().int().nullable(),
  members: z.number().int(),
  clanWarTrophies: z.number().int(),
  race: familyRaceSchema.nullable(),
});
type Card = z.infer<typeof cardSchema>;

/** A finish time before 2000 is the API's "not crossed" sentinel (docs/clash-royale-api.md §5). */
const finished = (c: RaceClan) => (c.finishTime && c.finishTime.getTime() > Date.UTC(2000, 0, 1) ? c.finishTime : null);

/** The clan's place in its race: clans over the line first (earliest first), then by progress, then today's medals. */
export function raceRank(clanTag: string, clans: readonly RaceClan[]): number | null {
  const order = [...clans].sort((a, b) => {
    const fa = finished(a)?.getTime() ?? Infinity;
    const fb = finished(b)?.getTime() ?? Infinity;
    return fa - fb || b.fame - a.fame || b.periodPoints - a.periodPoints;
  });
  const at = order.findIndex((c) => c.tag === clanTag);
  return at < 0 ? null : at + 1;
}

/**
 * The family page's cards (docs/decisions/103-demo-family-and-public-site.md): each active clan's game figures
 * (the clan and its current river race, two calls, cached with the public answers' freshness under the clan's own
 * key) and its monthly champion from the stored tables. A clan the game cannot answer for keeps its card, with nulls.
 */
export function createFamilySiteService<Site>(deps: FamilySiteDeps<Site>) {
  const prefix = deps.ctx.cr.demo ? 'demo' : 'live';
  async function card(clanTag: string) {
    const source = deps.source(clanTag);
    return deps.cache.get<Card>(`${prefix}:${clanTag}:/api/clans`, {
      freshnessMs: FRESHNESS_MS['/api/clans'],
      schema: cardSchema,
      load: async () => {
        const [clan, race] = await Promise.all([source.getClan(clanTag), source.getCurrentRiverRace(clanTag)]);
        return {
          name: clan.name,
          badgeId: clan.badgeId ?? null,
          members: clan.members,
          clanWarTrophies: clan.clanWarTrophies,
          race: {
            periodType: race.periodType,
            rank: race.periodType === 'training' ? null : raceRank(clanTag, race.clans),
            clansInRace: race.clans.length,
            decksUsed: race.clan.participants.reduce((n, p) => n + p.decksUsed, 0),
            fame: race.clan.fame,
          },
        };
      },
    });
  }

  /** The clan of `/api/clans/{clan}/…`: 400 for a tag that cannot be one, 404 outside the family or removed. */
  function clanOf(raw: string): string {
    const tag = normaliseClanTag(raw);
    if (!tag) throw badRequest('That is not a clan tag such as 2PQ8L0C.', 'INVALID_TAG');
    if (!deps.ctx.clans.resolve(tag)) throw notFound(`${tag} is not a clan of this family.`);
    return tag;
  }

  return {
    /**
     * What the head of /clans/{tag} names: null for a malformed tag or a clan outside the family. The name is read
     * from the table (each war poll keeps it), not the directory, which learns it only at its next reload.
     */
    async head(raw: string): Promise<{ tag: string; name: string } | null> {
      const tag = normaliseClanTag(raw);
      if (!tag || !deps.ctx.clans.resolve(tag)) return null;
      const clan = (await listClans(deps.ctx.db.kysely)).find((c) => c.tag === tag && c.removedAt === null);
      return clan ? { tag, name: clan.name ?? tag } : null;
    },
    /** The public services of a family clan, by the tag of its URL. */
    site: (raw: string): Site => deps.site(clanOf(raw)),
    /** A player's page under one clan: 404 for a player never on its roster nor in its race log. */
    async memberHistory(rawClan: string, rawPlayer: string): Promise<MemberPageResponse> {
      return deps.memberHistory(rawPlayer, clanOf(rawClan));
    },
    async list(): Promise<FamilySiteResponse> {
      const clans = await Promise.all(
        deps.ctx.clans.active().map(async ({ tag, name, role }): Promise<FamilySiteClan> => {
          const [live, champions, projected] = await Promise.all([
            card(tag).catch(() => null),
            deps.champions(tag),
            deps.projection(tag).catch(() => null),
          ]);
          const champion = champions.find((c) => c.isCurrentChampion) ?? null;
          return {
            tag,
            name: live?.value.name ?? name ?? tag,
            role,
            badgeId: live?.value.badgeId ?? null,
            members: live?.value.members ?? null,
            clanWarTrophies: live?.value.clanWarTrophies ?? null,
            race: live?.value.race ?? null,
            projection: projected?.projection?.clans.find((c) => c.tag === tag) ?? null,
            champion: champion
              ? {
                  playerName: champion.playerName,
                  playerTag: champion.playerTag,
                  fameEarned: champion.fameEarned,
                  month: champion.month,
                  year: champion.year,
                }
              : null,
            asOf: live ? live.asOf.toISOString() : null,
            stale: live ? live.stale : true,
          };
        }),
      );
      return { clans, demo: deps.ctx.cr.demo };
    },
  };
}

export type FamilySiteService = ReturnType<typeof createFamilySiteService>;
