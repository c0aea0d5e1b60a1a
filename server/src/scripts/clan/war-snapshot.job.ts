import type { AppContext } from '../../app-context.js';
import { ClashRoyaleApiError } from '../../clients/clash-royale/errors.js';
import { lastSnapshotAt, pruneSnapshots } from '../../modules/war/war-state.repository.js';
import type { SystemJob } from '../types.js';
import { pollWar, recordPoll } from './war-data.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Snapshots are kept as long as reports, replays and catch-ups of the last two weeks need them. */
export const SNAPSHOT_RETENTION_MS = 21 * DAY;
/** A snapshot this recent (a script's poll) makes the job's own poll unnecessary. */
const FRESH_MS = 5 * MINUTE;
/** Denser snapshots while resets happen (about 09:20–10:15 UTC): who was in the clan at the reset. */
const DENSE_FROM = 9 * HOUR + 15 * MINUTE;
const DENSE_TO = 10 * HOUR + 30 * MINUTE;
const DENSE_STEP = 15 * MINUTE;

/**
 * War snapshots on their own, for every clan of the family (docs/war-tracking.md "Snapshots"): the river race and the roster at
 * least once an hour, every 15 minutes around the usual reset, so every battle day has the
 * start-of-day totals that make it exact and a joiner is known within the hour.
 */
export class WarSnapshotJob implements SystemJob {
  readonly id = 'war-snapshots';
  /** each clan's last failed poll, cleared by its next good one */
  private readonly errors = new Map<string, { at: Date; message: string }>();

  constructor(
    private readonly ctx: AppContext,
    /** after the polls: the outbox sends what they queued (the clan log, watch-list alerts; docs/leaders-memory.md) */
    private readonly afterPolls?: () => Promise<void>,
  ) {}

  nextAt(after: Date): Date {
    const t = after.getTime();
    const nextHour = (Math.floor(t / HOUR) + 1) * HOUR;
    const dayStart = Math.floor(t / DAY) * DAY;
    const intoDay = t - dayStart;
    let dense = Infinity;
    if (intoDay < DENSE_TO) {
      const step = Math.max(DENSE_FROM, (Math.floor(intoDay / DENSE_STEP) + 1) * DENSE_STEP);
      if (step <= DENSE_TO) dense = dayStart + step;
    }
    return new Date(Math.min(nextHour, dense));
  }

  /** A clan's last failed poll while no good one followed it (the system card of that clan). */
  lastErrorOf(clanTag: string): { at: Date; message: string } | null {
    return this.errors.get(clanTag) ?? null;
  }

  /** The error's words, except that a feeder the API does not know is named, and its tag is the Family tab's. */
  private messageFor(err: ClashRoyaleApiError, clanTag: string): string {
    if (err.reason !== 'notFound' || clanTag === this.ctx.clans.main.tag) return err.userMessage;
    return `The Clash Royale API does not know the clan ${clanTag}. Check its tag in the Family tab.`;
  }

  /** Every clan of the family in turn, the main clan first; one clan's failure does not stop the others'. */
  async run(now: Date): Promise<void> {
    const { db, cr, clock, log } = this.ctx;
    for (const { tag: clanTag } of this.ctx.clans.active()) {
      const last = await lastSnapshotAt(db.kysely, clanTag);
      if (last && now.getTime() - last.getTime() < FRESH_MS) continue;
      try {
        const client = cr.client.forClan(clanTag, 'poll');
        await recordPoll(db, clanTag, await pollWar({ client, clanTag, clock }));
        this.errors.delete(clanTag);
      } catch (err) {
        if (!(err instanceof ClashRoyaleApiError)) throw err;
        this.errors.set(clanTag, { at: now, message: this.messageFor(err, clanTag) });
        log.warn({ err: err.message, clanTag }, 'war snapshot failed; the next one retries');
      }
    }
    await pruneSnapshots(db.kysely, new Date(now.getTime() - SNAPSHOT_RETENTION_MS));
    await this.afterPolls?.().catch((err: unknown) => log.warn({ err }, 'outbox delivery after the polls failed'));
  }
}
