import { DiscordApiError, sendDirectMessage, type DiscordBotClient } from './bot-client.js';
import type { WebhookPayload } from './payload.js';
import type { DeliveryResult } from './sender.js';

/**
 * Direct messages as the bot, with the webhook sender's results (docs/decisions/042): a user who
 * does not accept messages from the server's members (403, Discord code 50007) or is unknown is a
 * refusal of that message only; a missing or refused bot token turns direct messages off until a
 * restart; 5xx, timeouts and dropped connections are worth another try.
 */
export class DirectMessageSender {
  private disabledReason: string | null = null;

  constructor(private readonly client: DiscordBotClient) {}

  get disabled(): string | null {
    return this.disabledReason;
  }

  async sendTo(
    userId: string,
    payloads: WebhookPayload[],
    onPart?: (index: number, messageId: string) => Promise<void>,
  ): Promise<DeliveryResult> {
    if (this.disabledReason)
      return { ok: false, error: this.disabledReason, sent: 0, permanent: true, rejected: false };
    const ids: string[] = [];
    try {
      for (const payload of payloads) {
        ids.push(await sendDirectMessage(this.client, userId, payload));
        await onPart?.(ids.length - 1, ids.at(-1)!);
      }
      return { ok: true, messageIds: ids };
    } catch (err) {
      if (!(err instanceof DiscordApiError)) throw err;
      const sent = ids.length;
      // 401 (bad token) or no token: every direct message would fail the same way
      if (err.kind === 'no-token' || err.status === 401) {
        this.disabledReason = `${err.message} Direct messages are off until ClanOps restarts.`;
        return { ok: false, error: this.disabledReason, sent, permanent: true, rejected: false };
      }
      const rejected = err.kind === 'refused' || err.kind === 'rejected';
      return { ok: false, error: err.message, sent, permanent: false, rejected };
    }
  }
}
