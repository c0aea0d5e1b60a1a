import { plannedDecks } from './attacks.js';
import { DAY, HOUR, MINUTE } from './calendar.js';
import type { Attempt, MoveDesk } from './family-move-types.js';
import { rand } from './random.js';
import type { SimPlayer } from './roster.js';

/**
 * The hard profile (docs/decisions/109-hard-family-moves.md): the moves a family's judging gets wrong most easily,
 * on top of the plain ones. Each UTC day has a chance of each kind, between any two clans of the family (feeders
 * too); like a plain move, one a clan has no room for, or no player for, does not happen.
 */
const CHANCE = { reset: 0.5, hour: 0.4, trip: 0.35, rejoin: 0.4, decks: 0.6 };

type Rand = (...parts: (string | number)[]) => number;

/** The day's hard chances, each at its own instant of the UTC day `day`. */
export function hardAttempts(desk: MoveDesk, day: number): Attempt[] {
  if (desk.clans.length < 2) return [];
  const r: Rand = (...parts) => rand(desk.seed, 'hard', day, ...parts);
  const kinds = [
    ['reset', aroundReset],
    ['hour', atAnyHour],
    ['trip', roundTrip],
    ['rejoin', rejoin],
    ['decks', afterDecks],
  ] as const;
  return kinds.flatMap(([key, kind]) => {
    const attempt = r(key) < CHANCE[key] ? kind(desk, r, day) : null;
    return attempt ? [attempt] : [];
  });
}

/** Leaving between 09:00 and 11:00 UTC, joining 2–90 minutes later: before, across and after the daily reset. */
function aroundReset(desk: MoveDesk, r: Rand, day: number): Attempt {
  const at = whole(day * DAY + 9 * HOUR + r('reset-at') * 2 * HOUR);
  const joinedAt = whole(at + 2 * MINUTE + r('reset-gap') * 88 * MINUTE);
  return { at, run: () => oneMove(desk, r, 'reset', at, joinedAt) };
}

/** Leaving at any second of the day, joining 2 minutes to 4 hours later. */
function atAnyHour(desk: MoveDesk, r: Rand, day: number): Attempt {
  const at = whole(day * DAY + r('hour-at') * DAY);
  const joinedAt = whole(at + 2 * MINUTE + r('hour-gap') ** 2 * 4 * HOUR);
  return { at, run: () => oneMove(desk, r, 'hour', at, joinedAt) };
}

/** A → B → A: back in A 1–30 hours after leaving it; half of them leave around the reset. */
function roundTrip(desk: MoveDesk, r: Rand, day: number): Attempt {
  const near = r('trip-near') < 0.5;
  const at = whole(day * DAY + (near ? 9 * HOUR + r('trip-at') * 2 * HOUR : r('trip-at') * DAY));
  const total = HOUR + r('trip-length') * 29 * HOUR;
  const out = whole(at + 2 * MINUTE + r('trip-out') * Math.min(HOUR, total / 4));
  const leaves = whole(at + total - 2 * MINUTE - r('trip-back') * Math.min(HOUR, total / 4));
  const back = whole(at + total);
  return {
    at,
    run: () => {
      const [a, b] = pair(desk, r, 'trip');
      if (!desk.occupancy.hasRoom(undefined, [b], at)) return;
      const player = pick(desk.candidates(a, at, [at, out, leaves, back]), r('trip-pick'));
      if (!player) return;
      desk.commit([
        { playerTag: player.tag, from: a, to: b, leftAt: at, joinedAt: out },
        { playerTag: player.tag, from: b, to: a, leftAt: leaves, joinedAt: back },
      ]);
    },
  };
}

/** Leaving and rejoining the same clan within a day; half of them leave before the reset and rejoin after it. */
function rejoin(desk: MoveDesk, r: Rand, day: number): Attempt {
  const reset = desk.calendar.resetOn(day);
  const across = r('rejoin-across') < 0.5;
  const at = whole(across ? reset - MINUTE - r('rejoin-at') * 40 * MINUTE : day * DAY + r('rejoin-at') * DAY);
  const joinedAt = whole(
    across ? reset + MINUTE + r('rejoin-gap') * 50 * MINUTE : at + 2 * MINUTE + r('rejoin-gap') ** 2 * 12 * HOUR,
  );
  return {
    at,
    run: () => {
      const clan = desk.clans[Math.floor(r('rejoin-clan') * desk.clans.length)]!.tag;
      const player = pick(desk.candidates(clan, at, [at, joinedAt]), r('rejoin-pick'));
      if (player) desk.commit([{ playerTag: player.tag, from: clan, to: clan, leftAt: at, joinedAt }]);
    },
  };
}

/**
 * On a battle day, a player who has used all 4 decks in one clan (in two of five, 1–3 decks) joins another clan the
 * same day, between 2 hours after the reset and the end of the UTC day (a day's chances stay in their day).
 */
function afterDecks(desk: MoveDesk, r: Rand, day: number): Attempt | null {
  const reset = desk.calendar.resetOn(day);
  const info = desk.calendar.periodAt(new Date(reset));
  if (info.periodType === 'training') return null;
  const end = info.end.getTime();
  const at = whole(reset + 2 * HOUR + r('decks-at') * (Math.min(end, (day + 1) * DAY) - reset - 3 * HOUR));
  const joinedAt = whole(at + 2 * MINUTE + r('decks-gap') * Math.min(3 * HOUR, end - at - 10 * MINUTE));
  const done = r('decks-done') < 0.6;
  const used = (p: SimPlayer) =>
    plannedDecks(desk.seed, p, info).filter((a) => a.at < at && !desk.isAway(p.tag, a.at)).length;
  return {
    at,
    run: () => {
      const [a, b] = pair(desk, r, 'decks');
      if (!desk.occupancy.hasRoom(undefined, [b], at)) return;
      // Settled in the clan since the day began: every deck of the day so far counted there.
      const ready = desk.candidates(a, info.start.getTime(), [at, joinedAt]).filter((p) => {
        const n = used(p);
        return done ? n === 4 : n >= 1 && n <= 3;
      });
      const player = pick(ready, r('decks-pick'));
      if (player) desk.commit([{ playerTag: player.tag, from: a, to: b, leftAt: at, joinedAt }]);
    },
  };
}

function oneMove(desk: MoveDesk, r: Rand, kind: string, leftAt: number, joinedAt: number): void {
  const [from, to] = pair(desk, r, kind);
  if (!desk.occupancy.hasRoom(undefined, [to], leftAt)) return;
  const player = pick(desk.candidates(from, leftAt, [leftAt, joinedAt]), r(kind, 'pick'));
  if (player) desk.commit([{ playerTag: player.tag, from, to, leftAt, joinedAt }]);
}

/** Two different clans of the family, any of them first. */
function pair(desk: MoveDesk, r: Rand, kind: string): [string, string] {
  const n = desk.clans.length;
  const i = Math.floor(r(kind, 'from') * n);
  const j = (i + 1 + Math.floor(r(kind, 'to') * (n - 1))) % n;
  return [desk.clans[i]!.tag, desk.clans[j]!.tag];
}

const pick = <T>(list: readonly T[], u: number): T | undefined => list[Math.floor(u * list.length)];
const whole = (ms: number) => Math.floor(ms / 1000) * 1000;
