import type { OutboxMessage } from '../../../contracts/admin-scripts.js';
import { messageText, toWebhookPayloads, type DiscordMessage } from '../clients/discord/payload.js';
import { isDiscordWebhookUrl, DiscordSender } from '../clients/discord/sender.js';
import type { Config } from '../config/env.js';
import type { Clock } from '../lib/clock.js';
import type { DbHandle } from '../db/handle.js';
import { insertOutboxMessage, listOutboxRows, markOutboxMessage, readOutboxPayload } from './outbox.repository.js';

/** Where script messages go: the webhook, or the outbox shown in the admin panel (docs/architecture.md §1). */
export interface DiscordTarget {
  sender: DiscordSender | null;
  /** why a configured URL is not used (not a Discord webhook URL, SEC-OUT-01) */
  configProblem: string | null;
}

export function discordTargetFromConfig(config: Config, clock: Clock): DiscordTarget {
  const url = config.DISCORD_WEBHOOK_URL;
  if (!url) return { sender: null, configProblem: null };
  if (!isDiscordWebhookUrl(url)) {
    return {
      sender: null,
      configProblem:
        'DISCORD_WEBHOOK_URL is not a https://discord.com/api/webhooks/… URL; messages were kept in the outbox.',
    };
  }
  return { sender: new DiscordSender({ webhookUrl: url, clock }), configProblem: null };
}

/**
 * Outbox rows are written in the run's transaction (REL-JOB-07): `pending` when a webhook will
 * send them after the commit, `outbox` when there is no webhook (demo and unconfigured installs).
 */
export async function queueMessages(
  trx: DbHandle,
  run: { runId: number; scriptId: string },
  messages: DiscordMessage[],
  webhook: boolean,
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const message of messages) {
    ids.push(
      await insertOutboxMessage(trx, {
        ...run,
        payload: JSON.stringify(message),
        status: webhook ? 'pending' : 'outbox',
        now,
      }),
    );
  }
  return ids;
}

/** Sends queued rows; returns the errors to record on the run (the run stays completed). */
export async function deliverQueued(
  db: DbHandle,
  sender: DiscordSender,
  ids: number[],
  signal?: AbortSignal,
): Promise<string[]> {
  const errors: string[] = [];
  for (const id of ids) {
    const payload = await readOutboxPayload(db, id);
    const result = await sender.send(toWebhookPayloads(JSON.parse(payload) as DiscordMessage), signal);
    const error = result.ok ? null : result.error;
    await markOutboxMessage(db, id, { status: result.ok ? 'sent' : 'failed', error });
    if (error) errors.push(`Discord delivery failed: ${error}`);
  }
  return errors;
}

export async function listOutbox(db: DbHandle, limit: number): Promise<OutboxMessage[]> {
  const rows = await listOutboxRows(db, limit);
  return rows.map((r) => {
    let content = '';
    try {
      content = messageText(JSON.parse(r.payload) as DiscordMessage);
    } catch {
      content = '(unreadable message)';
    }
    return {
      id: r.id,
      scriptId: r.script_id,
      runId: r.script_run_id,
      createdAt: r.created_at,
      status: r.status,
      content,
      error: r.error,
    };
  });
}
