import type { AppContext } from '#server/app-context';
import { isDiscordWebhookUrl } from '#server/lib/discord-webhook-url';
import { overwriteFreedPages } from '#server/modules/auth/freed-pages.repository';
import { clanLogWebhookContext, clanWebhookContext, open, resealed, seal } from '#server/modules/auth/secret-box';
import { listClans, setClanWebhook } from './clans.repository.js';

/**
 * A clan's own Discord webhook (docs/decisions/104-per-clan-webhooks.md): stored sealed like the TOTP secret
 * (decisions/053) under its own key, bound to the clan's tag, so a copy of the database alone does not post to it.
 */
export const sealClanWebhook = (key: Buffer, clanTag: string, url: string) =>
  seal(key, url, clanWebhookContext(clanTag));

/** The webhook URL, or null when it was sealed under another key or for another clan. */
export const openClanWebhook = (key: Buffer, clanTag: string, sealed: string) =>
  open(key, sealed, clanWebhookContext(clanTag));

/** A clan's leaders' log channel webhook (docs/leaders-memory.md), sealed the same way under a context of its own. */
export const sealClanLogWebhook = (key: Buffer, clanTag: string, url: string) =>
  seal(key, url, clanLogWebhookContext(clanTag));
export const openClanLogWebhook = (key: Buffer, clanTag: string, sealed: string) =>
  open(key, sealed, clanLogWebhookContext(clanTag));

/** What the admin panel shows of a webhook: its host and webhook id, never the token. */
export function describeWebhook(url: string): { host: string; webhookId: string } {
  const parsed = new URL(url);
  return { host: parsed.host, webhookId: /\/webhooks\/(\d+)\//.exec(parsed.pathname)?.[1] ?? '' };
}

/** True for a Discord webhook URL: the check DISCORD_WEBHOOK_URL gets (SEC-OUT-01). */
export const checkWebhookUrl = (url: string): boolean => isDiscordWebhookUrl(url.trim());

/** The system card's error for a clan whose webhook no longer opens (the key that sealed it is gone). */
export function unreadableWebhookWarning(clanTag: string): string {
  return (
    `The Discord webhook of ${clanTag} cannot be read: the key that sealed it (DATA_DIR/session-signing.key or ` +
    'JWT_SECRET) was replaced or lost, so its messages stay in the outbox. Set the webhook again in the Family tab, ' +
    'and keep the key file with your backups (docs/security.md §9).'
  );
}

/**
 * At start: each clan's webhook brought under the current key (a plain one from an earlier version sealed, one sealed
 * under the key the one-time rotation replaced sealed again), then the freed pages overwritten. One that opens under
 * neither key is left, logged and shown on the system card as an error: the admin sets it again in the Family tab.
 */
export async function resealClanWebhooks(
  ctx: Pick<AppContext, 'db' | 'log' | 'warnings'>,
  key: Buffer,
  replacedKey: Buffer | null,
): Promise<void> {
  let changed = false;
  for (const clan of await listClans(ctx.db.kysely)) {
    const stored = clan.webhookSealed;
    if (stored === null) continue;
    const next = resealed(key, replacedKey, stored, clanWebhookContext(clan.tag));
    if (next === null) {
      ctx.log.error(
        { event: 'family.webhook_unreadable', clanTag: clan.tag },
        'The stored Discord webhook of this clan cannot be read with the current signing key: set it again in the Family tab',
      );
      ctx.warnings.raise(`webhook-unreadable:${clan.tag}`, unreadableWebhookWarning(clan.tag));
    } else if (next !== stored) {
      await setClanWebhook(ctx.db.kysely, clan.tag, next);
      changed = true;
    }
  }
  if (changed) await overwriteFreedPages(ctx.db.kysely);
}
