import { DAY, MINUTE } from './calendar.js';
import { CLAN_NAMES, PLAYER_NAMES } from './names.js';
import { makeTag, rand, randInt } from './random.js';

export type ApiRole = 'leader' | 'coLeader' | 'elder' | 'member';

/** A simulated player: fixed traits derived from the seed. */
export interface SimPlayer {
  id: string;
  tag: string;
  name: string;
  role: ApiRole;
  /** chance to play on a battle day; 0 for the chronically inactive */
  activity: number;
  inactive: boolean;
  baseTrophies: number;
  expLevel: number;
  /** one of the two members who tie for champion in some months */
  twin: boolean;
  /** membership: [joinedAt, leftAt) in ms; leftAt null = still a member */
  joinedAt: number;
  leftAt: number | null;
}

const CORE_SIZE = 45;
const SLOTS = 5;
/** Core members joined long before anything the simulator serves. */
const FOUNDED = Date.UTC(2024, 0, 1);
/** Chronically inactive core members: they never use a war deck (41, 42 and 43 of the main clan's 45). */
const isInactiveCore = (index: number, size: number) => index >= size - 4 && index < size - 1;
/** Two core members who sometimes play as one (see isTwinDay in attacks.ts). */
const TWIN_CORE = [7, 8];

function roleOf(index: number): ApiRole {
  if (index === 0) return 'leader';
  if (index <= 3) return 'coLeader';
  if (index <= 13) return 'elder';
  return 'member';
}

function makePlayer(
  seed: number,
  id: string,
  nameIndex: number,
  role: ApiRole,
  inactive: boolean,
  joinedAt: number,
  leftAt: number | null,
): SimPlayer {
  const strong = rand(seed, 'strength', id);
  return {
    id,
    tag: makeTag(seed, 'player', id),
    name: PLAYER_NAMES[nameIndex % PLAYER_NAMES.length]!,
    role,
    inactive,
    twin: TWIN_CORE.some((i) => id === `c${i}`),
    activity: inactive ? 0 : 0.55 + 0.45 * rand(seed, 'activity', id),
    baseTrophies: 5200 + Math.round(strong * 8500),
    expLevel: 28 + Math.round(strong * 45),
    joinedAt,
    leftAt,
  };
}

/** A stretch of time a member spent out of the clan before coming back (same tag, same week's decks). */
export interface Absence {
  from: number;
  to: number;
}

export interface RosterOptions {
  /** chance per core member and UTC day to leave and rejoin a few minutes to hours later (default 0) */
  hopRate?: number;
  /** a family clan's own players: their ids (so their tags and traits) start with it; none for the main clan */
  idPrefix?: string;
  /** long-standing members (default 45) */
  coreSize?: number;
}

/** Who is in a clan over time: a clan's own roster, or one clan's view of a family's player pool. */
export interface MemberSource {
  /** Everyone who was a member at some point in [from, to). */
  membersDuring(from: number, to: number): SimPlayer[];
  membersAt(t: number): SimPlayer[];
  /** True while the member is out of the clan between leaving and rejoining. */
  isAway(tag: string, t: number): boolean;
  findByTag(tag: string, since: number, until: number): SimPlayer | undefined;
}

/**
 * The clan's members over time: 45 long-standing members plus 5 rotating slots whose
 * occupants join, stay a few weeks and leave (joiners and leavers). Core members may also leave
 * and come back later the same day (a "hop"), as real members do when they switch clans for a
 * moment or are kicked and invited again.
 */
export class Roster implements MemberSource {
  readonly core: SimPlayer[];
  /** long-standing members plus every slot: the most members this roster ever has at once */
  readonly capacity: number;
  private readonly prefix: string;
  private readonly coreSize: number;
  private readonly slots: { tenure: number; phase: number }[];
  private readonly slotPlayers = new Map<string, SimPlayer>();
  private readonly hopRate: number;
  private readonly added = new Map<string, Absence[]>();
  private readonly hopCache = new Map<number, Map<string, Absence>>();

  constructor(
    private readonly seed: number,
    options: RosterOptions = {},
  ) {
    this.hopRate = options.hopRate ?? 0;
    const prefix = (this.prefix = options.idPrefix ?? '');
    const size = (this.coreSize = options.coreSize ?? CORE_SIZE);
    this.capacity = size + SLOTS;
    // A family clan's names start further along the list (names repeat, as in real clans).
    const names = prefix ? 2 * size : 0;
    this.core = Array.from({ length: size }, (_, i) =>
      makePlayer(seed, `${prefix}c${i}`, names + i, roleOf(i), isInactiveCore(i, size), FOUNDED, null),
    );
    this.slots = Array.from({ length: SLOTS }, (_, k) => ({
      // Whole-minute tenures that are not whole days: joins and leaves drift across the day.
      tenure: Math.round((10 + 4 * k + 6 * rand(seed, 'tenure', `${prefix}${k}`)) * 1440) * 60_000,
      phase: Math.floor(rand(seed, 'phase', `${prefix}${k}`) * 20 * DAY),
    }));
  }

  /** Occupant n of slot k: present during the first 80% of its tenure. */
  private slotPlayer(k: number, n: number): SimPlayer {
    const id = `${this.prefix}s${k}-${n}`;
    let player = this.slotPlayers.get(id);
    if (!player) {
      const { tenure, phase } = this.slots[k]!;
      const joinedAt = FOUNDED + phase + n * tenure;
      player = makePlayer(
        this.seed,
        id,
        this.coreSize + randInt(this.seed, 0, 40, 'slot-name', id),
        'member',
        false,
        joinedAt,
        joinedAt + Math.round(tenure * 0.8),
      );
      this.slotPlayers.set(id, player);
    }
    return player;
  }

  /** Everyone who was a member at some point in [from, to). */
  membersDuring(from: number, to: number): SimPlayer[] {
    const out = [...this.core];
    this.slots.forEach(({ tenure, phase }, k) => {
      const first = Math.max(0, Math.floor((from - FOUNDED - phase) / tenure));
      const last = Math.floor((to - 1 - FOUNDED - phase) / tenure);
      for (let n = first; n <= last; n++) {
        const p = this.slotPlayer(k, n);
        if (p.joinedAt < to && (p.leftAt ?? Infinity) > from) out.push(p);
      }
    });
    return out;
  }

  membersAt(t: number): SimPlayer[] {
    return this.membersDuring(t, t + 1).filter((p) => !this.isAway(p.tag, t));
  }

  /** A test makes a member leave at `from` and rejoin at `to`. */
  addAbsence(tag: string, from: number, to: number): void {
    this.added.set(tag, [...(this.added.get(tag) ?? []), { from, to }]);
  }

  /** True while the member is out of the clan between leaving and rejoining. */
  isAway(tag: string, t: number): boolean {
    if ((this.added.get(tag) ?? []).some((a) => t >= a.from && t < a.to)) return true;
    if (this.hopRate <= 0) return false;
    const day = Math.floor(t / DAY);
    // A hop lasts at most 6 hours, so one that started the day before may still be running.
    return [day - 1, day].some((d) => {
      const hop = this.hopsOn(d).get(tag);
      return hop !== undefined && t >= hop.from && t < hop.to;
    });
  }

  /** The hops that start on UTC day `day`, by tag. */
  private hopsOn(day: number): Map<string, Absence> {
    let hops = this.hopCache.get(day);
    if (!hops) {
      hops = new Map();
      for (const p of this.core) {
        if (p.role === 'leader' || rand(this.seed, 'hop', p.id, day) >= this.hopRate) continue;
        const from = day * DAY + Math.floor(rand(this.seed, 'hop-at', p.id, day) * 1440) * MINUTE;
        const minutes = 2 + Math.floor(rand(this.seed, 'hop-length', p.id, day) ** 2 * 358);
        hops.set(p.tag, { from, to: from + minutes * MINUTE });
      }
      this.hopCache.set(day, hops);
    }
    return hops;
  }

  /** Finds a player by tag among everyone seen in the clan since `since`. */
  findByTag(tag: string, since: number, until: number): SimPlayer | undefined {
    return this.membersDuring(since, until).find((p) => p.tag === tag);
  }
}

/** Opponent i of a week: distinct names within one race. */
export function opponentName(seed: number, i: number, ...week: (string | number)[]): string {
  const base = Math.floor(rand(seed, 'clan-name', ...week) * CLAN_NAMES.length);
  return CLAN_NAMES[(base + i * 5) % CLAN_NAMES.length]!;
}
