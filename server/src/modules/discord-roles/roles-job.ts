import type { SystemJob } from '#server/scripts/types';
import type { DiscordRolesService } from './roles.service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** the queue (users Discord was away for) is tried this often */
const DRAIN_EVERY = 10 * MINUTE;

/**
 * The Discord roles' background job (docs/decisions/160-discord-roles.md): every 10 minutes the queue is drained
 * (what waited through an outage goes out), and once an hour, at the hour, every linked member is reconciled
 * (read from Discord, drift fixed, removal delays that ran out applied).
 */
export class DiscordRolesJob implements SystemJob {
  readonly id = 'discord-roles';
  private lastReconcile: number | null = null;

  constructor(private readonly roles: DiscordRolesService) {}

  /** Every 10 minutes while the rules are on; at the hour otherwise (when the snapshots wake the scheduler anyway). */
  nextAt(after: Date): Date {
    const step = this.roles.enabled ? DRAIN_EVERY : HOUR;
    return new Date((Math.floor(after.getTime() / step) + 1) * step);
  }

  async run(now: Date): Promise<void> {
    if (!this.roles.active) return;
    const hour = Math.floor(now.getTime() / HOUR);
    if (this.lastReconcile !== hour) {
      this.lastReconcile = hour;
      await this.roles.reconcile();
    } else {
      await this.roles.drain();
    }
  }
}
