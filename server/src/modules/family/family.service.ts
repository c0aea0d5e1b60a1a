import { FAMILY_CLANS_MAX, type ClanWebhook, type FamilyResponse } from '#contracts/admin-family';
import type { AppContext } from '#server/app-context';
import { AppError, badRequest, notFound } from '#server/lib/app-error';
import { normaliseClanTag } from '#server/lib/clan-tag';
import type { AdminUserRow } from '#server/modules/auth/admin-user.repository';
import { addFamilyClan, removeFamilyClan, setClanWebhook, type FamilyClan } from './clans.repository.js';
import { checkWebhookUrl, describeWebhook, openClanWebhook, sealClanWebhook } from './clan-webhooks.js';

/** Who asks for a webhook change: the admin's session, the password typed again, and the client address. */
export interface Reauthentication {
  user: AdminUserRow;
  password: string;
  ip: string;
}

export interface FamilyDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans' | 'config'>;
  /** checks the current password again (throws 400 WRONG_PASSWORD, 429 after too many) */
  confirmPassword: (who: Reauthentication, action: string) => Promise<void>;
  /** records and mails a webhook change (the audit list) */
  audited: (event: {
    kind: 'webhook-set' | 'webhook-removed';
    subject: string;
    detail: string | null;
  }) => Promise<void>;
  /** seals the clans' webhooks (webhookSealingKey) */
  webhookKey: Buffer;
  /** after a clan joins: its default schedules (the script engine) */
  clanAdded(tag: string): Promise<void>;
}

/**
 * The Family tab (docs/decisions/100-clan-family-data-model.md): the admin adds and removes the family's clans;
 * the main clan is CLAN_TAG and cannot be removed. Every instance sees a change within a minute (the scheduler
 * reloads the clans on its tick); this one at once.
 */
export function createFamilyService(deps: FamilyDeps) {
  const { db } = deps.ctx;
  const tagOf = (input: string): string => {
    const tag = normaliseClanTag(input);
    if (!tag) throw badRequest('That is not a clan tag such as #2PQ8L0C.', 'INVALID_TAG');
    return tag;
  };
  const webhookOf = (clan: FamilyClan): ClanWebhook | null => {
    if (clan.webhookSealed) {
      const url = openClanWebhook(deps.webhookKey, clan.tag, clan.webhookSealed);
      return url ? { source: 'clan', ...describeWebhook(url), readable: true } : unreadable;
    }
    const fallback = deps.ctx.config.DISCORD_WEBHOOK_URL;
    if (clan.role !== 'main' || !fallback || !checkWebhookUrl(fallback)) return null;
    return { source: 'config', ...describeWebhook(fallback), readable: true };
  };
  const view = (): FamilyResponse => ({
    clans: deps.ctx.clans.active().map((clan) => {
      const { tag, name, role, position, addedAt } = clan;
      return { tag, name, role, position, addedAt, webhook: webhookOf(clan) };
    }),
    max: FAMILY_CLANS_MAX,
  });
  const webhookSubject = (tag: string): string => {
    const name = deps.ctx.clans.resolve(tag)?.name;
    return name ? `${name} (${tag})` : tag;
  };
  const activeClan = async (input: string): Promise<string> => {
    const tag = tagOf(input);
    await deps.ctx.clans.reload(db.kysely);
    if (!deps.ctx.clans.resolve(tag)) throw notFound(`${tag} is not in the family.`);
    return tag;
  };
  return {
    /** The clan an admin call's `?clan=` names, the main clan when absent (400 bad tag, 404 outside the family). */
    clanOf: (query: string | undefined): string => deps.ctx.clans.fromQuery(query),
    list: async (): Promise<FamilyResponse> => {
      await deps.ctx.clans.reload(db.kysely);
      return view();
    },
    async add(input: string): Promise<FamilyResponse> {
      const tag = tagOf(input);
      await deps.ctx.clans.reload(db.kysely);
      if (deps.ctx.clans.resolve(tag)) throw new AppError(409, 'ALREADY_IN_FAMILY', `${tag} is already in the family.`);
      if (deps.ctx.clans.active().length >= FAMILY_CLANS_MAX)
        throw badRequest(`A family has at most ${FAMILY_CLANS_MAX} clans.`, 'FAMILY_FULL');
      await addFamilyClan(db.kysely, tag, deps.ctx.clock.now());
      await deps.ctx.clans.reload(db.kysely);
      await deps.clanAdded(tag);
      return view();
    },
    async remove(input: string): Promise<FamilyResponse> {
      const tag = tagOf(input);
      if (tag === deps.ctx.clans.main.tag)
        throw badRequest('The main clan is CLAN_TAG: change it in the configuration, not here.', 'MAIN_CLAN');
      if (!(await removeFamilyClan(db.kysely, tag, deps.ctx.clock.now())))
        throw notFound(`${tag} is not in the family.`);
      await deps.ctx.clans.reload(db.kysely);
      return view();
    },
    /**
     * Stores the clan's webhook sealed (docs/decisions/104-per-clan-webhooks.md) once the password is typed again;
     * the change is audited and mailed (115-webhook-changes-reauthenticated.md). The answer never holds the URL.
     */
    async setWebhook(input: string, url: string, who: Reauthentication): Promise<FamilyResponse> {
      const tag = await activeClan(input);
      if (!checkWebhookUrl(url))
        throw badRequest(
          'url: that is not a Discord webhook URL (https://discord.com/api/webhooks/…).',
          'INVALID_WEBHOOK',
        );
      await deps.confirmPassword(who, 'webhook_change');
      await setClanWebhook(db.kysely, tag, sealClanWebhook(deps.webhookKey, tag, url.trim()));
      await deps.ctx.clans.reload(db.kysely);
      const { host, webhookId } = describeWebhook(url.trim());
      await deps.audited({
        kind: 'webhook-set',
        subject: webhookSubject(tag),
        detail: `${host}, webhook ${webhookId}`,
      });
      return view();
    },
    /** Clears the clan's own webhook: a family clan's messages stay in its outbox, the main clan's use DISCORD_WEBHOOK_URL. */
    async clearWebhook(input: string, who: Reauthentication): Promise<FamilyResponse> {
      const tag = await activeClan(input);
      await deps.confirmPassword(who, 'webhook_change');
      await setClanWebhook(db.kysely, tag, null);
      await deps.ctx.clans.reload(db.kysely);
      await deps.audited({ kind: 'webhook-removed', subject: webhookSubject(tag), detail: null });
      return view();
    },
  };
}

const unreadable: ClanWebhook = { source: 'clan', host: '', webhookId: '', readable: false };

export type FamilyService = ReturnType<typeof createFamilyService>;
