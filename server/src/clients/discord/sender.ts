import { systemClock, type Clock } from '../../lib/clock.js';
import { isDiscordWebhookUrl } from '../../lib/discord-webhook-url.js';
import type { WebhookPayload } from './payload.js';

export interface DiscordSenderOptions {
  webhookUrl: string;
  fetch?: typeof fetch;
  /** waits between attempts pass on this clock (the app's; tests never sleep on real time) */
  clock?: Pick<Clock, 'sleep'>;
  /** overall deadline of one send, all payloads and retries included (REL-JOB-01) */
  deadlineMs?: number;
  /** Discord's retry_after is honoured up to this cap (REL-JOB-02: Discord has sent 2 days) */
  maxRetryAfterMs?: number;
  /** attempts per payload */
  maxAttempts?: number;
  /** what the admin does about a refused webhook (default: check DISCORD_WEBHOOK_URL, then restart) */
  refusedHint?: string;
}

/**
 * `permanent`: the webhook itself is refused (401/403/404) and this sender is off until restart;
 * `rejected`: Discord refused this message (another 4xx): sending it again cannot help.
 */
export type DeliveryResult =
  | { ok: true; messageIds: string[] }
  | { ok: false; error: string; sent: number; permanent: boolean; rejected: boolean };

export const DISCORD_USER_AGENT = 'ClanOps (https://github.com/clanops/clanops, 0.1.0)';

/** Webhook URLs accepted from configuration (SEC-OUT-01). */
export { isDiscordWebhookUrl };

/**
 * The URL a webhook is posted to: the configured one, or the same webhook on another Discord API
 * base (DISCORD_API_BASE_URL, where tests put a local stand-in for Discord).
 */
export function webhookPostUrl(webhookUrl: string, apiBaseUrl: string | undefined): string {
  if (!apiBaseUrl) return webhookUrl;
  const path = /\/webhooks\/(\d+\/[\w-]+)$/.exec(webhookUrl)?.[1];
  return path ? `${apiBaseUrl.replace(/\/$/, '')}/webhooks/${path}` : webhookUrl;
}

class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly rejected = false,
  ) {
    super(message);
  }
}

/**
 * Posts payloads to one webhook with `?wait=true` (REL-JOB-07): 429 waits `retry_after` (capped)
 * and retries; 5xx and network errors back off and retry; 401/403/404 disable this sender with no
 * retry (REL-JOB-03). The webhook URL is a secret and never appears in an error text.
 */
const REFUSED_HINT = 'check DISCORD_WEBHOOK_URL, then restart ClanOps.';

export class DiscordSender {
  private disabledReason: string | null = null;
  private readonly fetchFn: typeof fetch;
  private readonly clock: Pick<Clock, 'sleep'>;

  constructor(private readonly options: DiscordSenderOptions) {
    this.fetchFn = options.fetch ?? fetch;
    this.clock = options.clock ?? systemClock;
  }

  get disabled(): string | null {
    return this.disabledReason;
  }

  /**
   * Sends the payloads in order. `onPart` is awaited after each one Discord confirmed, with the
   * message id it gave, so the caller can record it before the next (a retry resumes from there).
   */
  async send(
    payloads: WebhookPayload[],
    signal?: AbortSignal,
    onPart?: (index: number, messageId: string) => Promise<void>,
  ): Promise<DeliveryResult> {
    if (this.disabledReason)
      return { ok: false, error: this.disabledReason, sent: 0, permanent: true, rejected: false };
    const deadline = AbortSignal.timeout(this.options.deadlineMs ?? 30_000);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const ids: string[] = [];
    try {
      for (const payload of payloads) {
        ids.push(await this.post(payload, combined));
        await onPart?.(ids.length - 1, ids.at(-1)!);
      }
      return { ok: true, messageIds: ids };
    } catch (err) {
      const permanent = err instanceof DeliveryError && err.permanent;
      const error =
        err instanceof DeliveryError
          ? err.message
          : combined.aborted
            ? 'Discord delivery timed out'
            : 'Discord could not be reached';
      if (permanent) this.disabledReason = error;
      const rejected = err instanceof DeliveryError && err.rejected;
      return { ok: false, error, sent: ids.length, permanent, rejected };
    }
  }

  private async post(payload: WebhookPayload, signal: AbortSignal): Promise<string> {
    const url = `${this.options.webhookUrl}${this.options.webhookUrl.includes('?') ? '&' : '?'}wait=true`;
    const maxAttempts = this.options.maxAttempts ?? 4;
    for (let attempt = 1; ; attempt++) {
      let res: Response | null = null;
      try {
        res = await this.fetchFn(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': DISCORD_USER_AGENT },
          body: JSON.stringify(payload),
          redirect: 'manual',
          signal,
        });
      } catch (err) {
        if (signal.aborted || attempt >= maxAttempts) throw err;
      }
      if (res && res.ok) {
        const body = (await res.json().catch(() => ({}))) as { id?: unknown };
        return typeof body.id === 'string' ? body.id : '';
      }
      if (res) {
        const text = await res.text().catch(() => '');
        if ([401, 403, 404].includes(res.status)) {
          throw new DeliveryError(
            `Discord refused the webhook (${res.status}${discordMessage(text)}); ${this.options.refusedHint ?? REFUSED_HINT}`,
            true,
          );
        }
        if (res.status !== 429 && res.status < 500)
          throw new DeliveryError(`Discord rejected the message (${res.status}${discordMessage(text)})`, false, true);
        if (attempt >= maxAttempts)
          throw new DeliveryError(`Discord kept answering ${res.status} after ${attempt} attempts`, false);
        const wait = res.status === 429 ? retryAfterMs(res, text) : 500 * 2 ** (attempt - 1);
        await this.clock.sleep(Math.min(wait, this.options.maxRetryAfterMs ?? 10_000), signal);
      } else {
        await this.clock.sleep(500 * 2 ** (attempt - 1), signal);
      }
    }
  }
}

/** Discord's `retry_after` is seconds (float); the header is seconds too (docs/clash-royale-api.md §10). */
export function retryAfterMs(res: Response, body: string): number {
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    if (typeof parsed.retry_after === 'number' && parsed.retry_after >= 0) return Math.ceil(parsed.retry_after * 1000);
  } catch {
    // not JSON: fall back to the headers
  }
  for (const name of ['retry-after', 'x-ratelimit-reset-after']) {
    const value = Number(res.headers.get(name));
    if (Number.isFinite(value) && value >= 0 && res.headers.has(name)) return Math.ceil(value * 1000);
  }
  return 1000;
}

function discordMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string')
      return `: ${body.message.slice(0, 200)}${typeof body.code === 'number' ? ` [${body.code}]` : ''}`;
  } catch {
    // HTML or empty body
  }
  return '';
}
