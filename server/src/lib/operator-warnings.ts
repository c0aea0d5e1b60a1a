import type { FastifyBaseLogger } from 'fastify';

/**
 * Configuration problems the operator should fix: each is logged once, when first seen, and
 * listed on the admin system card until the next start.
 */
export class OperatorWarnings {
  private readonly items = new Map<string, string>();
  constructor(private readonly log: FastifyBaseLogger) {}

  /** Records and logs the warning the first time its key is raised; true when it was new. */
  raise(key: string, message: string): boolean {
    if (this.items.has(key)) return false;
    this.items.set(key, message);
    this.log.warn({ event: 'config.warning', key }, message);
    return true;
  }

  /** The problem was fixed while the server runs (e.g. the Discord commands registered from the system card). */
  clear(key: string): void {
    this.items.delete(key);
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  list(): string[] {
    return [...this.items.values()];
  }
}
