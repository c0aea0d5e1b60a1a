import { describe, expect, it } from 'vitest';
import { ManualClock, type Clock } from '#server/lib/clock';
import { RequestBudget, type RequestPriority } from '#server/lib/request-budget';

const START = '2026-11-22T12:00:00.000Z';

function budgetOf(perMinute: number) {
  const clock = new ManualClock(START);
  return { clock, budget: new RequestBudget({ perMinute, clock }) };
}

/** How many takes of `priority` succeed at once, without waiting (a deadline of now). */
async function takeAll(budget: RequestBudget, clock: ManualClock, priority: RequestPriority): Promise<number> {
  let taken = 0;
  while (await budget.take(priority, clock.now())) taken++;
  return taken;
}

/** A clock whose sleeps wait until the test lets them end (advancing the time then), or until aborted. */
class SteppedClock implements Clock {
  private current = Date.parse(START);
  readonly sleeps: { ms: number; end: () => void }[] = [];
  now(): Date {
    return new Date(this.current);
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = {
        ms,
        end: () => {
          this.current += ms;
          resolve();
        },
      };
      this.sleeps.push(entry);
      signal?.addEventListener('abort', () => reject(new Error('woken')), { once: true });
    });
  }
  /** Ends the newest sleep still pending. */
  wakeLast(): void {
    this.sleeps.pop()!.end();
  }
}

describe('RequestBudget', () => {
  it('starts full and refills continuously, never above one minute of requests', async () => {
    const { clock, budget } = budgetOf(60);
    expect(await takeAll(budget, clock, 'poll')).toBe(60);
    expect(budget.available()).toBe(0);
    clock.advance(30_000);
    expect(budget.available()).toBe(30);
    clock.advance(10 * 60_000);
    expect(budget.available()).toBe(60);
  });

  it('lets page refreshes take three quarters of the bucket and keeps the last quarter for polls', async () => {
    const { clock, budget } = budgetOf(100);
    expect(await takeAll(budget, clock, 'page')).toBe(75);
    expect(await takeAll(budget, clock, 'poll')).toBe(25);
    expect(await takeAll(budget, clock, 'page')).toBe(0);
  });

  it("lets members' lookups take half of the bucket, keeping the other half for pages and polls", async () => {
    const { clock, budget } = budgetOf(100);
    expect(await takeAll(budget, clock, 'lookup')).toBe(50);
    expect(await takeAll(budget, clock, 'page')).toBe(25);
    expect(await takeAll(budget, clock, 'lookup')).toBe(0);
    expect(await takeAll(budget, clock, 'poll')).toBe(25);
  });

  it('serves a poll and a page that arrive while a lookup waits before it, polls first', async () => {
    const clock = new SteppedClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    while (await budget.take('poll', clock.now()));
    const order: string[] = [];
    const deadline = new Date(Date.parse(START) + 120_000);
    const lookup = budget.take('lookup', deadline).then((ok) => order.push(`lookup ${ok}`));
    await Promise.resolve();
    // the lookup waits for half the bucket and one more token
    expect(clock.sleeps.map((s) => s.ms)).toEqual([31_000]);
    const page = budget.take('page', deadline).then((ok) => order.push(`page ${ok}`));
    const poll = budget.take('poll', deadline).then((ok) => order.push(`poll ${ok}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.sleeps.at(-1)!.ms).toBe(1_000);
    clock.wakeLast();
    await poll;
    await new Promise((resolve) => setImmediate(resolve));
    clock.wakeLast();
    await page;
    await new Promise((resolve) => setImmediate(resolve));
    clock.wakeLast();
    await lookup;
    expect(order).toEqual(['poll true', 'page true', 'lookup true']);
  });

  it('waits on the clock for the next token, without real time', async () => {
    const { clock, budget } = budgetOf(60);
    await takeAll(budget, clock, 'poll');
    expect(await budget.take('poll', new Date(Date.parse(START) + 10_000))).toBe(true);
    // one token a second at 60 a minute: the wait passed one second of the manual clock
    expect(clock.now().toISOString()).toBe('2026-11-22T12:00:01.000Z');
  });

  it('has a page refresh wait until the reserve is refilled past one token', async () => {
    const { clock, budget } = budgetOf(60);
    await takeAll(budget, clock, 'poll');
    // the reserve is 15 tokens: the page's token is the 16th, at one a second
    expect(await budget.take('page', new Date(Date.parse(START) + 60_000))).toBe(true);
    expect(clock.now().toISOString()).toBe('2026-11-22T12:00:16.000Z');
  });

  it('fails at once when no token can come by the deadline, without sleeping in vain', async () => {
    const { clock, budget } = budgetOf(60);
    await takeAll(budget, clock, 'poll');
    expect(await budget.take('poll', new Date(Date.parse(START) + 500))).toBe(false);
    expect(await budget.take('page', new Date(Date.parse(START) + 15_000))).toBe(false);
    expect(clock.now().toISOString()).toBe(START);
  });

  it('gives up when the wait is aborted', async () => {
    const { clock, budget } = budgetOf(60);
    await takeAll(budget, clock, 'poll');
    const aborted = AbortSignal.abort();
    expect(await budget.take('poll', new Date(Date.parse(START) + 10_000), aborted)).toBe(false);
  });

  it('serves a poll that arrives while a page refresh waits before it', async () => {
    const clock = new SteppedClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    while (await budget.take('poll', clock.now()));
    const order: string[] = [];
    const page = budget.take('page', new Date(Date.parse(START) + 60_000)).then((ok) => order.push(`page ${ok}`));
    await Promise.resolve();
    // the page waits for the reserve of 15 tokens and one more
    expect(clock.sleeps.map((s) => s.ms)).toEqual([16_000]);
    const poll = budget.take('poll', new Date(Date.parse(START) + 10_000)).then((ok) => order.push(`poll ${ok}`));
    await new Promise((resolve) => setImmediate(resolve));
    // woken by the poll: the one sleeper now waits one second for the poll's token
    expect(clock.sleeps.at(-1)!.ms).toBe(1_000);
    clock.wakeLast();
    await poll;
    expect(order).toEqual(['poll true']);
    await new Promise((resolve) => setImmediate(resolve));
    // then the page's token: the reserve and one more, 16 s after the poll's
    expect(clock.sleeps.at(-1)!.ms).toBe(16_000);
    clock.wakeLast();
    await page;
    expect(order).toEqual(['poll true', 'page true']);
  });

  it('refuses a bucket that is not a whole number of requests', () => {
    const clock = new ManualClock(START);
    expect(() => new RequestBudget({ perMinute: 0, clock })).toThrow(RangeError);
    expect(() => new RequestBudget({ perMinute: 2.5, clock })).toThrow(RangeError);
  });
});
