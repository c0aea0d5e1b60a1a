import type { ViewableTable } from '#contracts/admin-scripts';
import type { AppContext } from './app-context.js';
import { clashRoyaleStatus } from './clients/clash-royale/access.js';
import { createMailer } from './clients/mail/mailer.js';
import { toWebhookPayloads } from './clients/discord/payload.js';
import { pingDatabase } from './db/database.js';
import { describeDatabaseError } from './db/database-errors.js';
import { APP_VERSION } from './version.js';
import { createAuthDeps } from './modules/auth/auth-deps.js';
import type { MailSender } from './modules/auth/auth-mails.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createArgon2Hasher, type PasswordHasher } from './modules/auth/password-hasher.js';
import { ClanService } from './modules/clan/clan.service.js';
import { PublicCache } from './modules/clan/public-cache.js';
import { createSystemService } from './modules/system/system.service.js';
import { createWarInsightsService } from './modules/war/insights/war-insights.service.js';
import { createWarRecordsService } from './modules/war/war-records.service.js';
import { createMemberPageService } from './modules/members/member-page.service.js';
import { ScriptEngine, type ScriptEngineOptions } from './scripts/engine.js';
import { createAlertsService } from './modules/alerts/alerts.service.js';
import { createDiscordLinksService } from './modules/reminders/discord-links.service.js';
import { createRemindersService } from './modules/reminders/reminders.service.js';
import { createFamilyService } from './modules/family/family.service.js';
import { resealClanWebhooks } from './modules/family/clan-webhooks.js';
import { webhookSealingKey } from './modules/auth/secret-box.js';
import { createTemplatesService } from './modules/messages/templates.service.js';
import { DiscordBotClient, sendDirectMessage, type BotMessage } from './clients/discord/bot-client.js';
import { DirectMessageSender } from './clients/discord/direct-sender.js';
import { createAbsencesService } from './modules/members/absences.service.js';
import { createDiscordService } from './modules/discord/interactions.service.js';
import { notFound } from './lib/app-error.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { clanCacheKey, clanProjection, createClanSites } from './clan-sites.js';
import { createFamilySiteService } from './modules/family/family-site.service.js';
import { createLeadersService } from './modules/leaders/leaders.service.js';
import { createLogChannel } from './modules/leaders/log-channel.service.js';
import { DiscordRolesService } from './modules/discord-roles/roles.service.js';
import { DiscordRolesJob } from './modules/discord-roles/roles-job.js';
import { createDiscordRolesAdmin } from './modules/discord-roles/roles-admin.js';

export interface ServiceOptions {
  /** password hasher and mailer overrides (tests count hashes, capture mail) */
  auth?: { hasher?: PasswordHasher; mailer?: MailSender };
  /** test scripts, a Discord receiver, or no scheduler on listen */
  scripts?: ScriptEngineOptions;
}

/**
 * Wires every service, once, in buildApp (docs/architecture.md §2): routes receive these and
 * nothing else; services reach the database through repositories and the outside world through
 * the clients given here.
 */
export async function createServices(ctx: AppContext, options: ServiceOptions = {}) {
  const mailer = options.auth?.mailer ?? createMailer(ctx.config, ctx.log);
  const alerts = createAlertsService({ ctx, mailer });
  const authDeps = await createAuthDeps(ctx, { hasher: options.auth?.hasher ?? createArgon2Hasher(), mailer, alerts });
  const auth = createAuthService(authDeps);
  // Clans' webhooks are sealed under a key of their own from the signing key (docs/decisions/104-per-clan-webhooks.md).
  const webhookKey = webhookSealingKey(authDeps.key);
  await resealClanWebhooks(ctx, webhookKey, authDeps.replacedKey ? webhookSealingKey(authDeps.replacedKey) : null);
  await ctx.clans.reload(ctx.db.kysely);
  const publicCache = new PublicCache({ clock: ctx.clock, db: ctx.db, log: ctx.log });
  // Public refreshes take `page` tokens: never the last quarter of the request budget (decisions/101).
  const clan = new ClanService({
    client: ctx.cr.client.forClan(ctx.config.CLAN_TAG, 'page'),
    cache: publicCache,
    clanTag: ctx.config.CLAN_TAG,
    demo: ctx.cr.demo,
    ipEchoUrl: ctx.config.CR_IP_ECHO_URL,
  });
  const audit = createAuditService({ ctx, mailer });
  const templates = createTemplatesService(ctx, {
    split: (message) => toWebhookPayloads(message).map((p) => p.content ?? ''),
    changed: (c) =>
      audit.record({
        kind: c.restored ? 'template-restored' : 'template-saved',
        subject: c.clanTag === ctx.clans.main.tag ? c.name : `${c.name} (${c.clanTag})`,
        detail: c.template,
      }),
  });
  const { config } = ctx;
  const discordBot =
    config.DISCORD_APPLICATION_ID && config.DISCORD_PUBLIC_KEY
      ? new DiscordBotClient({
          baseUrl: config.DISCORD_API_BASE_URL,
          applicationId: config.DISCORD_APPLICATION_ID,
          token: config.DISCORD_BOT_TOKEN ?? null,
          clock: ctx.clock,
        })
      : null;
  const direct = discordBot?.hasToken ? new DirectMessageSender(discordBot) : null;
  // Roles and nicknames that follow the game (docs/decisions/160-discord-roles.md): after each poll pass, and hourly.
  const discordRoles = new DiscordRolesService({
    ctx,
    rest: discordBot,
    guildId: config.DISCORD_GUILD_ID ?? null,
  });
  // a link proven, confirmed or removed: that member's roles at once, in the background
  const linked = (userId: string): void =>
    void discordRoles.afterLink(userId).catch((err: unknown) => ctx.log.warn({ err }, 'Discord roles: sync failed'));
  const scripts = new ScriptEngine(
    ctx,
    {
      directMessages: direct,
      webhookKey,
      afterPolls: () => discordRoles.afterRoster(),
      // only with the bot token and the server id: without them there is nothing to sync
      extraJobs: discordRoles.active ? [new DiscordRolesJob(discordRoles)] : [],
      ...options.scripts,
    },
    {
      alerts,
      renderMessages: (messages, clanTag) => templates.apply(messages, clanTag),
    },
  );
  const system = createSystemService({
    ctx,
    discord: (clanTag) => (scripts.discordTarget(clanTag).sender ? 'webhook' : 'outbox'),
    clashRoyaleStatus: async () => clashRoyaleStatus(ctx.cr),
    snapshotError: (clanTag) => scripts.snapshots?.lastErrorOf(clanTag)?.message ?? null,
    openAlerts: () => alerts.openCount(),
    version: APP_VERSION,
    discordCommands: Boolean(ctx.config.DISCORD_APPLICATION_ID && ctx.config.DISCORD_PUBLIC_KEY && discordBot),
  });
  const viewTable = (table: ViewableTable, limit: number, clanTag: string) => scripts.viewTable(table, limit, clanTag);
  const insights = createWarInsightsService({
    ctx,
    cache: publicCache,
    cacheKey: clanCacheKey(ctx.cr.demo, ctx.config.CLAN_TAG),
    demo: ctx.cr.demo,
    viewTable,
  });
  const records = createWarRecordsService(ctx);
  // One set of public services per clan of the family, sharing the cache (docs/decisions/100, 103).
  const projection = clanProjection(ctx, publicCache, ctx.config.CLAN_TAG);
  const clanSites = createClanSites(ctx, publicCache, { clan, records, insights, projection }, viewTable);
  const absences = createAbsencesService(ctx);
  const leaders = createLeadersService({
    ctx,
    audited: (event) => audit.record(event),
    tell: (userId, clanTag, text) => scripts.sendDirect(clanTag, userId, text),
  });
  const discord = createDiscordService({
    ctx,
    rest: discordBot,
    // Members' lookups never take the last half of the request budget (docs/decisions/114-discord-lookups-budget.md).
    game: ctx.cr.client.forClan(ctx.config.CLAN_TAG, 'lookup'),
    absences,
    memory: leaders,
    linked,
    runReminders: async (clanTag) => {
      const def = scripts.find('war-reminders');
      if (!def) throw notFound('War reminders are not available.');
      const run = await scripts.runNow(def, 'manual', clanTag);
      return { status: run.status, message: run.message };
    },
  });
  const memberPages = createMemberPageService({
    ctx,
    demo: ctx.cr.demo,
    excusedAbsences: (tag, clanTag) => absences.publicOf(tag, clanTag),
  });
  const familySite = createFamilySiteService({
    ctx,
    cache: publicCache,
    source: (tag) => ctx.cr.client.forClan(tag, 'page'),
    site: (tag) => clanSites.of(tag),
    champions: (tag) => clanSites.of(tag).records.monthlyChampions(),
    projection: (tag) => clanSites.of(tag).projection.current(),
    memberHistory: (tag, clanTag) => memberPages.history(tag, { clanTag }),
  });
  return {
    auth,
    insights,
    projection,
    clan,
    records,
    clanSites,
    memberPages,
    familySite,
    scripts,
    system,
    alerts,
    reminders: createRemindersService(ctx),
    family: createFamilyService({
      ctx,
      webhookKey,
      clanAdded: (tag) => scripts.clanAdded(tag),
      confirmPassword: (who, action) => auth.confirmPassword(who.user, who.password, { ip: who.ip, action }),
      audited: (event) => audit.record(event),
    }),
    links: createDiscordLinksService(ctx, linked),
    discordRoles,
    discordRolesAdmin: createDiscordRolesAdmin(ctx, discordRoles),
    templates,
    absences,
    discord,
    /** a direct message as the bot (docs/discord.md); null without the Discord application and bot token */
    directMessages:
      discordBot?.hasToken === true
        ? (userId: string, payload: BotMessage) => sendDirectMessage(discordBot, userId, payload)
        : null,
    audit,
    leaders,
    logChannel: createLogChannel({
      ctx,
      webhookKey,
      audited: (event) => audit.record(event),
      confirmPassword: (who, action) => auth.confirmPassword(who.user, who.password, { ip: who.ip, action }),
    }),
    health: {
      engine: ctx.db.engine,
      version: APP_VERSION,
      /** null when the database answers, else why not (and whether waiting may fix it) */
      check: () =>
        pingDatabase(ctx.db).then(
          () => null,
          (err: unknown) => ({ err, ...describeDatabaseError(err) }),
        ),
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
