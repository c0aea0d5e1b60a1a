/** Injected time source: tests pass a fixed or advancing clock, production the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance without sleeping. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** The one timestamp representation stored and sent: ISO-8601 UTC with milliseconds (docs/decisions/002). */
export function toIso(date: Date): string {
  return date.toISOString();
}
