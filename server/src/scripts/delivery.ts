import type { OutboxMessage } from '#contracts/admin-scripts';
import { messageText, type DiscordMessage } from '../clients/discord/payload.js';
import { isDiscordWebhookUrl, DiscordSender, webhookPostUrl } from '../clients/discord/sender.js';
import type { DirectMessageSender } from '../clients/discord/direct-sender.js';
import { DEFAULT_DISCORD_API_BASE_URL, type Config } from '../config/env.js';
import type { Clock } from '../lib/clock.js';
import type { DbHandle } from '../db/handle.js';
import type { FamilyClan } from '../modules/family/clans.repository.js';
import { insertOutboxMessage, listOutboxRows } from './outbox.repository.js';

/** Where script messages go: the webhook, or the outbox shown in the admin panel (docs/architecture.md §1). */
export interface DiscordTarget {
  sender: DiscordSender | null;
  /** direct messages as the bot; null without the Discord application and bot token */
  direct: DirectMessageSender | null;
  /** why a configured URL is not used (not a Discord webhook URL, SEC-OUT-01) */
  configProblem: string | null;
  /** the leaders' log channel (docs/leaders-memory.md): rows whose destination is 'log'; unset or null: none */
  log?: DiscordSender | null;
}

export function discordTargetFromConfig(
  config: Config,
  clock: Clock,
  direct: DirectMessageSender | null,
): DiscordTarget {
  const url = config.DISCORD_WEBHOOK_URL;
  if (!url) return { sender: null, direct, configProblem: null };
  if (!isDiscordWebhookUrl(url)) {
    return {
      sender: null,
      direct,
      configProblem:
        'DISCORD_WEBHOOK_URL is not a https://discord.com/api/webhooks/… URL; messages were kept in the outbox.',
    };
  }
  return { sender: webhookSender(config, clock, url), direct, configProblem: null };
}

/** A sender for a webhook URL, posted as given unless Discord's API is pointed elsewhere (a stand-in in tests). */
function webhookSender(config: Config, clock: Clock, url: string, refusedHint?: string): DiscordSender {
  const base = config.DISCORD_API_BASE_URL === DEFAULT_DISCORD_API_BASE_URL ? undefined : config.DISCORD_API_BASE_URL;
  return new DiscordSender({ webhookUrl: webhookPostUrl(url, base), clock, ...(refusedHint ? { refusedHint } : {}) });
}

/** What `discordTargetFor` needs of a clan: its role and its sealed webhook. */
export type WebhookClan = Pick<FamilyClan, 'tag' | 'role' | 'webhookSealed'> & { logWebhookSealed?: string | null };

export interface ClanTargetDeps {
  config: Config;
  clock: Clock;
  direct: DirectMessageSender | null;
  /** opens a clan's sealed webhook (null: it cannot be read with the current key) */
  openWebhook: (clanTag: string, sealed: string) => string | null;
  /** opens a clan's sealed log channel webhook (null: it cannot be read) */
  openLogWebhook?: (clanTag: string, sealed: string) => string | null;
  /** the main clan's sender while its own webhook is unset (tests pass a stand-in; default DISCORD_WEBHOOK_URL) */
  mainFallback?: DiscordSender | null;
}

/**
 * A clan's target (docs/decisions/104-per-clan-webhooks.md): its own webhook when one is stored; the main clan falls
 * back to DISCORD_WEBHOOK_URL; a family clan without one, or a clan no longer in the family, keeps its messages in the
 * outbox. Direct messages go through the one bot for every clan.
 */
export function discordTargetFor(clan: WebhookClan | null, deps: ClanTargetDeps): DiscordTarget {
  return { ...clanTarget(clan, deps), log: logSender(clan, deps) };
}

/** The leaders' log channel of a clan: its own webhook, never a fallback (the log is leaders' data). */
function logSender(clan: WebhookClan | null, deps: ClanTargetDeps): DiscordSender | null {
  const sealed = clan?.logWebhookSealed;
  const url = sealed && deps.openLogWebhook ? deps.openLogWebhook(clan.tag, sealed) : null;
  if (!url || !isDiscordWebhookUrl(url)) return null;
  return webhookSender(deps.config, deps.clock, url, `set the log channel webhook of ${clan!.tag} again.`);
}

function clanTarget(clan: WebhookClan | null, deps: ClanTargetDeps): DiscordTarget {
  const { config, clock, direct } = deps;
  if (clan?.webhookSealed) {
    const url = deps.openWebhook(clan.tag, clan.webhookSealed);
    if (url === null || !isDiscordWebhookUrl(url)) {
      const configProblem = `The Discord webhook of ${clan.tag} cannot be read with the current signing key; set it again in the Family tab.`;
      return { sender: null, direct, configProblem };
    }
    const hint = `set the webhook of ${clan.tag} again in the Family tab.`;
    return { sender: webhookSender(config, clock, url, hint), direct, configProblem: null };
  }
  if (clan?.role !== 'main') return { sender: null, direct, configProblem: null };
  if (deps.mainFallback !== undefined) return { sender: deps.mainFallback, direct, configProblem: null };
  return discordTargetFromConfig(config, clock, direct);
}

/**
 * Outbox rows are written in the run's transaction (REL-JOB-07): `pending` when a webhook will
 * send them after the commit (scripts/outbox-dispatcher.ts), `outbox` when there is no webhook
 * (demo and unconfigured installs).
 */
export async function queueMessages(
  trx: DbHandle,
  run: { runId: number | null; scriptId: string | null; clanTag: string },
  messages: DiscordMessage[],
  target: Pick<DiscordTarget, 'sender' | 'direct'>,
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const { destination, expiresAt, ...message } of messages) {
    const deliverable = destination?.startsWith('dm:') ? target.direct !== null : target.sender !== null;
    ids.push(
      await insertOutboxMessage(trx, {
        ...run,
        payload: JSON.stringify(message),
        status: deliverable ? 'pending' : 'outbox',
        destination: destination ?? null,
        expiresAt: expiresAt ?? null,
        now,
      }),
    );
  }
  return ids;
}

export async function listOutbox(db: DbHandle, clanTag: string, limit: number): Promise<OutboxMessage[]> {
  const rows = await listOutboxRows(db, clanTag, limit);
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
