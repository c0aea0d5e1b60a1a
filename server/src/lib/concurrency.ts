/** A counting semaphore: at most `limit` holders at once, FIFO waiters. */
export class Semaphore {
  private active = 0;
  private readonly waiters: (() => void)[] = [];
  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError('Semaphore limit must be at least 1');
  }

  /** Callers waiting for a slot. */
  get queued(): number {
    return this.waiters.length;
  }

  /** True when a new caller would have to wait. */
  get saturated(): boolean {
    return this.active >= this.limit;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.active--;
  }
}

/** Maps items with at most `limit` tasks in flight, keeping order; each outcome is settled, never thrown. */
export async function mapSettled<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const gate = new Semaphore(limit);
  return Promise.allSettled(items.map((item) => gate.run(() => task(item))));
}
