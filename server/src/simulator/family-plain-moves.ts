import { DAY, HOUR, MINUTE } from './calendar.js';
import type { Attempt, MoveClan, MoveDesk } from './family-move-types.js';
import { rand } from './random.js';

/** At most this many plain moves a day; the rate spreads over them. */
const PER_DAY = 4;

/**
 * A family's everyday moves (docs/decisions/102-simulated-family.md): up to four chances a day, each at a random
 * second, a promotion (a feeder to the main clan, the more active of two drawn players) or a demotion (the main clan
 * to a feeder, the less active), likelier a promotion the further the main clan is below its capacity.
 */
export function plainAttempts(desk: MoveDesk, day: number, rate: number): Attempt[] {
  if (rate <= 0 || desk.clans.length < 2) return [];
  const out: Attempt[] = [];
  for (let i = 0; i < PER_DAY; i++) {
    if (rand(desk.seed, 'move', day, i) >= rate / PER_DAY) continue;
    const at = day * DAY + Math.floor(rand(desk.seed, 'move-at', day, i) * 86_400) * 1000;
    out.push({ at, run: () => tryMove(desk, day, i, at) });
  }
  return out;
}

function tryMove(desk: MoveDesk, day: number, i: number, leftAt: number): void {
  const r = (...parts: (string | number)[]) => rand(desk.seed, 'move', day, i, ...parts);
  const [main, ...feeders] = desk.clans;
  const nets = new Map(desk.clans.map((c) => [c.tag, desk.occupancy.net(c.tag, leftAt)]));
  const net = (c: MoveClan) => nets.get(c.tag)!;
  const promote = r('promote') < Math.min(0.9, 0.5 - 0.1 * net(main!));
  const jitter = (c: MoveClan) => net(c) + 3 * r('feeder', c.tag);
  const feeder = [...feeders].sort((a, b) => (promote ? jitter(b) - jitter(a) : jitter(a) - jitter(b)))[0]!;
  const [from, to] = promote ? [feeder, main!] : [main!, feeder];
  if (!desk.occupancy.hasRoom(undefined, [to.tag], leftAt)) return;
  const joinedAt = leftAt + gap(r('gap'), r('gap-length'));
  const candidates = desk.candidates(from.tag, leftAt, [leftAt, joinedAt]);
  if (candidates.length === 0) return;
  const a = candidates[Math.floor(r('pick-a') * candidates.length)]!;
  const b = candidates[Math.floor(r('pick-b') * candidates.length)]!;
  const player = promote === a.activity >= b.activity ? a : b;
  desk.commit([{ playerTag: player.tag, from: from.tag, to: to.tag, leftAt, joinedAt }]);
}

/** Minutes to hours between leaving and joining; one move in six takes more than a day. */
function gap(kind: number, length: number): number {
  const ms = kind < 1 / 6 ? DAY + length * 36 * HOUR : 2 * MINUTE + length ** 2 * 20 * HOUR;
  return Math.floor(ms / 1000) * 1000;
}
