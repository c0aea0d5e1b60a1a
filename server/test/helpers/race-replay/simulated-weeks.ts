import { readFixture } from '../cr-fixtures.js';
import { truthOf, type LedgerDay, type WeekLedger } from './ledger.js';

interface Profile {
  players: number;
  decksPerPlayer: number;
  perDeck: number;
}
interface Standing {
  clan: { participants: { fame: number; decksUsed: number }[]; finishTime?: string };
}

/**
 * Clan profiles fitted to the recordings: from every clan-week of `riverracelog.json` with a player who fought, its
 * active players, decks per active player per battle day played (a clan over the line by day 3's close played 3) and
 * medals per deck; the ten logged weeks are one group with a single strong clan, so the five clans of
 * `currentriverrace.warday-inprogress.json` (day 1 closed: decks before today) add a close race's profiles.
 */
export function fittedProfiles(): Profile[] {
  const log = readFixture<{ items: { standings: Standing[] }[] }>('riverracelog.json');
  const out: Profile[] = [];
  for (const item of log.items) {
    for (const s of item.standings) {
      const active = s.clan.participants.filter((p) => p.decksUsed > 0);
      if (active.length === 0) continue;
      const decks = active.reduce((n, p) => n + p.decksUsed, 0);
      const fame = active.reduce((n, p) => n + p.fame, 0);
      const days = s.clan.finishTime && !s.clan.finishTime.startsWith('1969') ? 3 : 4;
      out.push({ players: active.length, decksPerPlayer: decks / active.length / days, perDeck: fame / decks });
    }
  }
  const live = readFixture<{
    clans: { participants: { fame: number; decksUsed: number; decksUsedToday: number }[] }[];
  }>('currentriverrace.warday-inprogress.json');
  for (const c of live.clans) {
    const active = c.participants.filter((p) => p.decksUsed > 0);
    const decks = active.reduce((n, p) => n + p.decksUsed, 0);
    const before = active.reduce((n, p) => n + p.decksUsed - p.decksUsedToday, 0);
    const fame = active.reduce((n, p) => n + p.fame, 0);
    out.push({ players: Math.min(50, active.length), decksPerPlayer: before / active.length, perDeck: fame / decks });
  }
  return out;
}

/** The replay's own generator (a small LCG, not the projection's), so the ledger owes nothing to the code under test. */
function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(next(), 1e-9))) * Math.cos(2 * Math.PI * next());
  return { next, gauss };
}

const PLACES = [3000, 1800, 1000, 600, 400];

/** `count` weeks of five clans drawn from the fitted profiles, played under the game's rules (§7.4) by this file. */
export function simulatedWeeks(count: number, seed = 1): WeekLedger[] {
  const profiles = fittedProfiles();
  const r = lcg(seed);
  const dayMedals = (p: Profile, form: number) => {
    const slump = r.next() < 0.05 ? 0.3 : 1;
    const decks = Math.min(
      200,
      p.players * 4,
      Math.round(p.players * p.decksPerPlayer * form * slump * (0.9 + 0.2 * r.next())),
    );
    return { decks, medals: Math.round((decks * p.perDeck * (1 + 0.04 * r.gauss())) / 25) * 25 };
  };
  return Array.from({ length: count }, (_, w): WeekLedger => {
    const clans = [0, 1, 2, 3, 4].map((i) => ({ i, p: profiles[Math.floor(r.next() * profiles.length)]! }));
    const tags = clans.map((c) => `#SIM${w}C${c.i}`);
    const history = new Map(
      clans.map((c, i) => [tags[i]!, Array.from({ length: 8 }, () => dayMedals(c.p, 1 + 0.1 * r.gauss()).medals)]),
    );
    const forms = clans.map(() => 1 + 0.1 * r.gauss());
    const defense = clans.map(() => (r.next() < 0.4 ? Math.round(r.next() * 450) : 0));
    const boat = clans.map(() => 0);
    const crossed: (number | null)[] = clans.map(() => null);
    const days: Map<string, LedgerDay>[] = [];
    for (let d = 1; d <= 4; d++) {
      const played = clans.map((c) => dayMedals(c.p, forms[c.i]!));
      const order = clans.map((_, i) => i).filter((i) => crossed[i] === null);
      order.sort((a, b) => played[b]!.medals - played[a]!.medals);
      const day = new Map<string, LedgerDay>();
      order.forEach((i) => {
        const tied = order.filter((j) => played[j]!.medals === played[i]!.medals);
        const first = order.indexOf(tied[0]!);
        const share = PLACES.slice(first, first + tied.length).reduce((n, v) => n + v, 0) / tied.length;
        const gain = played[i]!.medals > 0 ? share + defense[i]! : 0;
        boat[i] = boat[i]! + gain;
        day.set(tags[i]!, { ...played[i]!, defense: defense[i]!, boatAfter: boat[i]! });
      });
      order.forEach((i) => (crossed[i] = crossed[i] ?? (boat[i]! >= 10_000 ? d : null)));
      days.push(day);
    }
    const finals = new Map(tags.map((t, i) => [t, { final: Math.min(10_000, boat[i]!), finishDay: crossed[i]! }]));
    return {
      label: `simulated ${w + 1}`,
      clans: clans.map((c, i) => ({ tag: tags[i]!, name: `Sim ${c.i + 1}`, players: c.p.players })),
      days,
      history,
      truth: truthOf(finals),
    };
  });
}
