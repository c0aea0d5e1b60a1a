import type { Clock } from './clock.js';

const MINUTE = 60_000;
const BUCKETS = 60;

/** One clan's figures over the last hour. */
export interface UpstreamHour {
  clanTag: string;
  /** requests sent, retries included */
  calls: number;
  /** calls refused by the request budget (never sent) */
  refused: number;
}

interface Row {
  /** the minute (clock ms / 60 000) each bucket holds, per slot */
  minute: number[];
  calls: number[];
  refused: number[];
}

/**
 * Upstream calls per clan in sixty one-minute buckets on the injected clock, per instance
 * (docs/decisions/101-request-budget.md): the admin system card reads the last hour from here.
 */
export class UpstreamCounters {
  private readonly rows = new Map<string, Row>();
  private readonly totals = new Map<string, UpstreamHour>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  /** One request sent for `clanTag`. */
  call(clanTag: string): void {
    this.add(clanTag, 'calls');
  }

  /** One call refused by the budget for `clanTag`. */
  refuse(clanTag: string): void {
    this.add(clanTag, 'refused');
  }

  /** Each clan seen in the last hour (this minute and the 59 before), in the order first seen. */
  lastHour(): UpstreamHour[] {
    const now = this.minuteNow();
    const hours: UpstreamHour[] = [];
    for (const [clanTag, row] of this.rows) {
      let calls = 0;
      let refused = 0;
      for (let slot = 0; slot < BUCKETS; slot++) {
        if (now - row.minute[slot]! >= BUCKETS || row.minute[slot]! > now) continue;
        calls += row.calls[slot]!;
        refused += row.refused[slot]!;
      }
      if (calls > 0 || refused > 0) hours.push({ clanTag, calls, refused });
    }
    return hours;
  }

  /** Each clan's figures since this instance started (the family bench compares them with what the API received). */
  sinceStart(): UpstreamHour[] {
    return [...this.totals.values()].map((t) => ({ ...t }));
  }

  /** The most calls of all clans together in one minute of the last hour (the bench's busiest minute). */
  busiestMinute(): number {
    const now = this.minuteNow();
    const perMinute = new Map<number, number>();
    for (const row of this.rows.values()) {
      for (let slot = 0; slot < BUCKETS; slot++) {
        const minute = row.minute[slot]!;
        if (now - minute >= BUCKETS || minute > now) continue;
        perMinute.set(minute, (perMinute.get(minute) ?? 0) + row.calls[slot]!);
      }
    }
    return Math.max(0, ...perMinute.values());
  }

  private add(clanTag: string, field: 'calls' | 'refused'): void {
    const minute = this.minuteNow();
    let row = this.rows.get(clanTag);
    if (!row) {
      row = { minute: new Array<number>(BUCKETS).fill(-Infinity), calls: zeros(), refused: zeros() };
      this.rows.set(clanTag, row);
    }
    const slot = ((minute % BUCKETS) + BUCKETS) % BUCKETS;
    if (row.minute[slot] !== minute) {
      row.minute[slot] = minute;
      row.calls[slot] = 0;
      row.refused[slot] = 0;
    }
    row[field][slot] = (row[field][slot] ?? 0) + 1;
    const total = this.totals.get(clanTag) ?? { clanTag, calls: 0, refused: 0 };
    total[field] += 1;
    this.totals.set(clanTag, total);
  }

  private minuteNow(): number {
    return Math.floor(this.clock.now().getTime() / MINUTE);
  }
}

function zeros(): number[] {
  return new Array<number>(BUCKETS).fill(0);
}
