import type { AppContext } from '#server/app-context';
import { AppError, notFound } from '#server/lib/app-error';
import type { AuditInput } from '#server/modules/audit/audit.service';
import { setClanLogWebhook } from '#server/modules/family/clans.repository';
import { checkWebhookUrl, describeWebhook, sealClanLogWebhook } from '#server/modules/family/clan-webhooks';
import type { Reauthentication } from '#server/modules/family/family.service';

export interface LogChannelDeps {
  ctx: Pick<AppContext, 'db' | 'clans'>;
  audited: (event: AuditInput) => Promise<void>;
  confirmPassword: (who: Reauthentication, action: string) => Promise<void>;
  webhookKey: Buffer;
}

/**
 * A clan's leaders' log channel (docs/leaders-memory.md): where its clan log and watch-list alerts are posted. Like a
 * clan's own webhook (docs/decisions/115-webhook-changes-reauthenticated.md), setting or removing it asks for the
 * password again and is audited; the answer never holds the URL.
 */
export function createLogChannel(deps: LogChannelDeps) {
  const db = deps.ctx.db.kysely;
  async function store(clanTag: string, sealed: string | null): Promise<void> {
    if (!(await setClanLogWebhook(db, clanTag, sealed))) throw notFound(`${clanTag} is not a clan of the family.`);
    await deps.ctx.clans.reload(db);
  }
  return {
    async set(clanTag: string, url: string, who: Reauthentication): Promise<void> {
      if (!checkWebhookUrl(url))
        throw new AppError(
          400,
          'INVALID_WEBHOOK',
          'url: that is not a Discord webhook URL (https://discord.com/api/webhooks/…).',
        );
      await deps.confirmPassword(who, 'webhook_change');
      await store(clanTag, sealClanLogWebhook(deps.webhookKey, clanTag, url.trim()));
      const { host, webhookId } = describeWebhook(url.trim());
      await deps.audited({ kind: 'log-webhook-set', subject: clanTag, detail: `${host}, webhook ${webhookId}` });
    },
    async remove(clanTag: string, who: Reauthentication): Promise<void> {
      await deps.confirmPassword(who, 'webhook_change');
      await store(clanTag, null);
      await deps.audited({ kind: 'log-webhook-removed', subject: clanTag, detail: null });
    },
  };
}

export type LogChannel = ReturnType<typeof createLogChannel>;
