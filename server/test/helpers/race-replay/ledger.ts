/**
 * A finished race week as a ledger the projection is replayed against: what each clan did each battle day and where
 * the week truly ended. Built from the recordings (recorded-weeks.ts) or played by the replay's own week generator
 * (simulated-weeks.ts); never from the projection's code.
 */
export interface LedgerDay {
  medals: number;
  /** decks played that day; null when the recording does not say */
  decks: number | null;
  defense: number;
  /** the boat after the close (uncapped) */
  boatAfter: number;
}

export interface WeekLedger {
  label: string;
  clans: { tag: string; name: string; players: number }[];
  /** per battle day 1–4, per clan tag; a day after the clan crossed is absent */
  days: Map<string, LedgerDay>[];
  /** each clan's earlier battle days' medals, oldest first */
  history: Map<string, number[]>;
  /** the week's true end per clan: final boat (capped at 10,000), the battle day it crossed, its places (ties share) */
  truth: Map<string, { final: number; finishDay: number | null; placeLow: number; placeHigh: number }>;
}

/** The true places from final boats and crossing days: over the line first (earlier day first), ties share. */
export function truthOf(finals: Map<string, { final: number; finishDay: number | null }>): WeekLedger['truth'] {
  const key = (v: { final: number; finishDay: number | null }) =>
    v.finishDay !== null ? v.finishDay : 100 + (20_000 - v.final);
  const entries = [...finals.entries()];
  const truth: WeekLedger['truth'] = new Map();
  for (const [tag, v] of entries) {
    const better = entries.filter(([, o]) => key(o) < key(v)).length;
    const same = entries.filter(([, o]) => key(o) === key(v)).length;
    truth.set(tag, { ...v, placeLow: better + 1, placeHigh: better + same });
  }
  return truth;
}
