import type { Clock } from '../../lib/clock.js';

/**
 * Member pages kept in memory (docs/architecture.md §5): a page changes once a war poll, so like the members list it
 * is computed at most once per key while fresh, and one computation serves every request waiting for it
 * (single-flight). The same object is handed out until it goes stale, so its serialised and compressed bytes are
 * reused (plugins/cached-answer.ts). Bounded: the oldest page goes first; failures (400, 404) are never kept.
 */
export class MemberPageCache<T extends object> {
  private readonly pages = new Map<string, { value: T; at: number }>();
  private readonly inflight = new Map<string, Promise<T>>();

  constructor(
    private readonly clock: Pick<Clock, 'now' | 'nowMs'>,
    private readonly freshnessMs: number,
    private readonly limit: number,
  ) {}

  private nowMs(): number {
    return this.clock.nowMs ? this.clock.nowMs() : this.clock.now().getTime();
  }

  /** The fresh page at once, else the (shared) computation of a new one. */
  get(key: string, load: () => Promise<T>): T | Promise<T> {
    const hit = this.pages.get(key);
    if (hit && this.nowMs() - hit.at < this.freshnessMs) return hit.value;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          this.pages.delete(key);
          if (this.pages.size >= this.limit) this.pages.delete(this.pages.keys().next().value!);
          this.pages.set(key, { value, at: this.nowMs() });
          return value;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }
}
