import { formatCrTime } from '../clients/clash-royale/timestamps.js';
import { DAY, HOUR, type SimCalendar } from './calendar.js';
import type { DeckSource } from './attacks.js';
import { rand } from './random.js';
import type { MemberSource, SimPlayer } from './roster.js';
import { trophiesAt, trophyArena } from './player-payloads.js';
import { DEMO_LOCATION } from './rankings.js';
import { ProfileChanges } from './profile-changes.js';

export interface ClanIdentity {
  tag: string;
  name: string;
}

/** GET /clans/{tag} and /members bodies (fixtures clan.json, members.json). */
export class ClanPayloads {
  constructor(
    private readonly calendar: SimCalendar,
    private readonly clan: ClanIdentity,
    private readonly roster: MemberSource,
    private readonly activity: DeckSource,
    /** renames, promotions and demotions tests script (one list for the family: SimState.changeProfile) */
    public profiles = new ProfileChanges(),
  ) {}

  /** Last activity: the last war deck, or a recent login; long ago for the chronically inactive. */
  private yesterday: { at: number; ranks: Map<string, number> } | null = null;

  private get seed(): number {
    return this.calendar.seed;
  }

  lastSeen(p: SimPlayer, t: number): number {
    if (p.inactive) {
      const week = Math.floor(t / (7 * DAY));
      return Math.max(
        p.joinedAt,
        Math.floor(t / 1000) * 1000 - Math.floor((4 + 10 * rand(this.seed, 'away', p.id, week)) * 86_400) * 1000,
      );
    }
    const now = this.calendar.periodAt(new Date(t));
    let last = 0;
    for (let k = Math.max(0, now.periodIndex - 2); k <= now.periodIndex; k++) {
      last = Math.max(last, ...this.activity.upTo(p, now.seasonId, k, t).map((a) => a.at));
    }
    const bucket = Math.floor(t / (6 * HOUR)) * 6 * HOUR;
    const login = Math.min(t, bucket - Math.floor(rand(this.seed, 'login', p.id, bucket) * 20 * 3600) * 1000);
    return Math.max(p.joinedAt, last, login);
  }

  /** Weekly counters, reset when the war week starts on Monday (§6.1). */
  private donations(p: SimPlayer, t: number) {
    const now = this.calendar.periodAt(new Date(t));
    const weekStart = Math.max(p.joinedAt, this.calendar.weekBounds(now.seasonId, now.sectionIndex).start);
    const hours = Math.max(0, (t - weekStart) / HOUR);
    const rate = p.inactive ? 0 : 3 * rand(this.seed, 'donor', p.id);
    return { donations: Math.floor(hours * rate), donationsReceived: Math.floor(hours * rate * 0.7) };
  }

  /** Drops yesterday's ranks (a membership changed). */
  forget(): void {
    this.yesterday = null;
  }

  memberList(t: number) {
    const ranked = (at: number) =>
      this.roster
        .membersAt(at)
        .map((p) => ({ p, trophies: trophiesAt(this.seed, p, at) }))
        .sort((a, b) => b.trophies - a.trophies);
    // Yesterday's order, at the hour (the rank a day ago moves slowly; computing it is costly).
    const dayAgo = Math.floor((t - DAY) / HOUR) * HOUR;
    if (this.yesterday?.at !== dayAgo) {
      this.yesterday = { at: dayAgo, ranks: new Map(ranked(dayAgo).map((e, i) => [e.p.tag, i + 1])) };
    }
    const yesterday = this.yesterday.ranks;
    return ranked(t).map(({ p, trophies }, i) => ({
      tag: p.tag,
      ...this.profiles.apply(p, t),
      lastSeen: formatCrTime(new Date(this.lastSeen(p, t))),
      // 0 for everyone since mid-2026 (docs/clash-royale-api.md §6.1).
      expLevel: 0,
      trophies,
      arena: trophyArena(trophies),
      clanRank: i + 1,
      previousClanRank: yesterday.get(p.tag) ?? 0,
      ...this.donations(p, t),
      clanChestPoints: 0,
    }));
  }

  clanJson(t: number, clanWarTrophies: number) {
    const memberList = this.memberList(t);
    return {
      tag: this.clan.tag,
      name: this.clan.name,
      type: 'inviteOnly',
      description: 'Demo clan ⚔ War every week, 4 decks a day. Donate often. Be kind! 🏰',
      badgeId: 16000107,
      clanScore: Math.round(memberList.reduce((sum, m) => sum + m.trophies, 0) * 0.22),
      clanWarTrophies,
      location: DEMO_LOCATION,
      requiredTrophies: 5000,
      donationsPerWeek: memberList.reduce((sum, m) => sum + m.donations, 0),
      clanChestStatus: 'inactive',
      clanChestLevel: 1,
      clanChestMaxLevel: 0,
      members: memberList.length,
      memberList,
    };
  }

  membersJson(t: number) {
    return { items: this.memberList(t), paging: { cursors: {} } };
  }
}
