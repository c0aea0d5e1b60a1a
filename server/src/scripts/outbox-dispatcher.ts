import { toWebhookPayloads, type DiscordMessage, type WebhookPayload } from '../clients/discord/payload.js';
import type { DeliveryResult } from '../clients/discord/sender.js';
import type { AppContext } from '../app-context.js';
import type { DiscordTarget } from './delivery.js';
import {
  claimRow,
  markFailed,
  markExpired,
  markSent,
  openRows,
  outboxRowsById,
  recordPartsSent,
  type OutboxRow,
} from './outbox.repository.js';
import type { AlertRaiser } from './runner.js';
import type { SystemJob } from './types.js';

/**
 * A row is held for sending this long (database clock): longer than one send may take (its 30 s
 * deadline), short enough that a row a killed process was sending goes out soon after a restart.
 */
const CLAIM_MS = 45_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 15 * 60_000;
/** A message not delivered within a day is given up (an alert says so) and stays in the outbox. */
export const GIVE_UP_MS = 24 * 3_600_000;
/** With nothing waiting, the outbox is still looked at this often (rows another instance left). */
const IDLE_CHECK_MS = 60 * 60_000;
const BATCH = 50;

/** Wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min … at most 15 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxDispatcherDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'clans'>;
  /** where one clan's rows go (its webhook, the bot for direct messages) */
  target: (clanTag: string) => DiscordTarget;
  alerts?: AlertRaiser;
  instanceId: string;
}

/**
 * Delivers the outbox at least once, in order (docs/decisions/042-durable-outbox.md). Rows are
 * committed with the run that wrote them, then sent oldest first; a failure keeps the row and
 * every later one of the same clan and destination waiting (decisions/104: each clan its own webhook) (backoff 30 s … 15 min) until it goes through
 * or is given up after a day. It runs after every run's commit, as a scheduler job (at start,
 * when a retry is due, and hourly), so rows a crash or an outage left behind go out later.
 */
export class OutboxDispatcher implements SystemJob {
  readonly id = 'discord-outbox';
  private pass: Promise<void> | null = null;
  private again = false;
  private due: Date | null = null;
  /**
   * Rows Discord accepted whose "sent" could not be written (the database went away in between), by id, with when:
   * written first on the next pass and never sent again meanwhile, so an outage cannot double a message.
   */
  private readonly unrecorded = new Map<number, Date>();

  constructor(private readonly deps: OutboxDispatcherDeps) {}

  nextAt(after: Date): Date {
    return this.due && this.due > after ? this.due : new Date(after.getTime() + IDLE_CHECK_MS);
  }

  async run(): Promise<void> {
    await this.flush();
  }

  /** Sends what is due; calls during a pass share it and one more pass after it. */
  flush(): Promise<void> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = (async () => {
      do {
        this.again = false;
        await this.deliverDue();
      } while (this.again);
    })().finally(() => {
      this.pass = null;
    });
    return this.pass;
  }

  /** Delivers, then says what became of `ids`: the errors a run records (it stays completed). */
  async deliver(ids: number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    await this.flush();
    const rows = await outboxRowsById(this.deps.ctx.db.kysely, ids);
    return rows.flatMap((r) =>
      r.status === 'failed'
        ? [`Discord delivery failed: ${r.error ?? 'unknown error'}. It will be retried.`]
        : r.status === 'abandoned'
          ? [`Discord delivery failed: ${r.error ?? 'unknown error'}. It was given up.`]
          : r.status === 'expired'
            ? [`Discord delivery: ${r.error ?? 'the message expired'}`]
            : r.status === 'pending'
              ? ['Discord delivery is waiting for an earlier message to go through first.']
              : [],
    );
  }

  private async deliverDue(): Promise<void> {
    const { db, clock } = this.deps.ctx;
    const blocked = new Set<string>();
    let due: Date | null = null;
    for (const [id, at] of this.unrecorded) {
      await markSent(db.kysely, id, at);
      this.unrecorded.delete(id);
    }
    for (;;) {
      const rows = await openRows(db.kysely, BATCH);
      let sent = 0;
      for (const row of rows) {
        const destination = `${row.clan_tag} ${row.destination ?? 'webhook'}`;
        const sender = senderFor(this.deps.target(row.clan_tag), row.destination);
        if (blocked.has(destination) || !sender) continue;
        if (row.expires_at && new Date(row.expires_at) <= clock.now()) {
          await markExpired(db.kysely, row.id, expiredText(row.expires_at));
          continue;
        }
        const nextTry = row.next_attempt_at ? new Date(row.next_attempt_at) : null;
        if (nextTry && nextTry > clock.now()) {
          blocked.add(destination);
          // a message that expires before its next try is looked at again when it expires
          const expires = row.expires_at ? new Date(row.expires_at) : null;
          due = earliest(due, expires && expires < nextTry ? expires : nextTry);
          continue;
        }
        if (!(await claimRow(db.kysely, row.id, this.deps.instanceId, CLAIM_MS))) {
          // another instance is sending it, or one that died was: look again when its claim lapses
          blocked.add(destination);
          due = earliest(due, new Date(clock.now().getTime() + CLAIM_MS));
          continue;
        }
        const retryAt = await this.send(row, sender);
        if (retryAt === undefined) sent++;
        else {
          blocked.add(destination);
          if (retryAt) due = earliest(due, retryAt);
        }
      }
      if (sent === 0 || rows.length < BATCH) break;
    }
    this.due = due;
  }

  /** One row; undefined when delivered, else when it is tried again (null: given up). */
  private async send(row: OutboxRow, sender: RowSender): Promise<Date | null | undefined> {
    const { db, clock } = this.deps.ctx;
    const ids: string[] = row.message_ids ? (JSON.parse(row.message_ids) as string[]) : [];
    let payloads;
    try {
      payloads = toWebhookPayloads(JSON.parse(row.payload) as DiscordMessage).slice(row.parts_sent);
    } catch {
      await markFailed(db.kysely, row.id, {
        attempts: row.attempts + 1,
        error: 'unreadable message',
        nextAttemptAt: null,
      });
      return null;
    }
    const wasDisabled = sender.disabled;
    const result = await sender.send(payloads, async (i, id) => {
      ids.push(id);
      // A part Discord took stays taken: with the database away the remaining parts still go out, and the row is
      // recorded whole below (or on the next pass).
      await recordPartsSent(db.kysely, row.id, row.parts_sent + i + 1, ids).catch((err: unknown) => {
        if (!db.status.failed(err)) throw err;
      });
    });
    const now = clock.now();
    if (result.ok) {
      try {
        await markSent(db.kysely, row.id, now);
      } catch (err) {
        if (db.status.failed(err)) this.unrecorded.set(row.id, now);
        throw err;
      }
      return undefined;
    }
    const attempts = row.attempts + 1;
    const giveUp = result.rejected || now.getTime() - new Date(row.created_at).getTime() >= GIVE_UP_MS;
    const nextAttemptAt = giveUp ? null : new Date(now.getTime() + retryDelayMs(attempts));
    await markFailed(db.kysely, row.id, { attempts, error: result.error, nextAttemptAt });
    if (sender.disabled && !wasDisabled) {
      await this.deps.alerts?.raise({
        kind: 'discord-stopped',
        subject: row.destination
          ? 'Discord direct messages stopped'
          : `Discord delivery stopped${row.clan_tag === this.deps.ctx.clans.main.tag ? '' : ` for ${row.clan_tag}`}`,
        message: `${sender.disabled} Messages wait in the outbox and are sent once Discord accepts them again.`,
        runId: row.script_run_id,
      });
    }
    if (giveUp) {
      await this.deps.alerts?.raise({
        kind: 'discord-undelivered',
        subject: 'A Discord message was not delivered',
        message:
          `The message written ${row.created_at.slice(0, 16).replace('T', ' ')} UTC by ${row.script_id ?? 'a script'} ` +
          `was given up after ${attempts} attempt(s): ${result.error}. It stays in the outbox.`,
        runId: row.script_run_id,
      });
    }
    this.deps.ctx.log.warn({ outboxId: row.id, attempts, giveUp, error: result.error }, 'discord delivery failed');
    return nextAttemptAt;
  }
}

function expiredText(at: string): string {
  return `not delivered before ${at.slice(0, 16).replace('T', ' ')} UTC, the reset it counted down to: dropped, not sent late.`;
}

/** What one row is sent through: the webhook, or the bot's direct messages to one member. */
interface RowSender {
  readonly disabled: string | null;
  send(
    payloads: WebhookPayload[],
    onPart: (index: number, messageId: string) => Promise<void>,
  ): Promise<DeliveryResult>;
}

function senderFor(target: DiscordTarget, destination: string | null): RowSender | null {
  if (destination === null || destination === 'log') {
    const webhook = destination === null ? target.sender : (target.log ?? null);
    if (!webhook) return null;
    return {
      get disabled() {
        return webhook.disabled;
      },
      send: (payloads, onPart) => webhook.send(payloads, undefined, onPart),
    };
  }
  const userId = /^dm:(\d+)$/.exec(destination)?.[1];
  const direct = target.direct;
  if (!userId || !direct) return null;
  return {
    get disabled() {
      return direct.disabled;
    },
    send: (payloads, onPart) => direct.sendTo(userId, payloads, onPart),
  };
}

function earliest(a: Date | null, b: Date): Date {
  return a && a < b ? a : b;
}
