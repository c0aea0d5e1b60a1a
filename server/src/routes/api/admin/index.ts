import type { FastifyInstance } from 'fastify';
import type { Services } from '#server/services';
import { registerScriptRoutes } from './_script/index.js';
import { adminAuthHook } from './auth-hook.js';
import { registerCaptchaRoute } from './captcha.js';
import { registerChangePasswordRoute } from './change-password.js';
import { registerConfirmEmailRoute } from './confirm-email.js';
import { registerDatabaseCsvRoute } from './database/csv.js';
import { registerDatabaseRoute } from './database/index.js';
import { registerDiscordOutboxRoute } from './discord-outbox.js';
import { registerDiscordCommandsRoute } from './discord-commands.js';
import { registerForgotPasswordRoute } from './forgot-password.js';
import { registerLoginRoutes } from './login/index.js';
import { registerLogoutRoute } from './logout.js';
import { registerRefreshTokenRoute } from './refresh-token.js';
import { registerResetPasswordRoute } from './reset-password.js';
import { registerScriptsRoute } from './scripts.js';
import { registerSetEmailRoute } from './set-email.js';
import { registerSetupStatusRoute } from './setup-status.js';
import { registerSystemRoute } from './system.js';
import { registerTotpRoutes } from './totp/index.js';
import { registerWarReportRoutes } from './war-report/index.js';
import { registerWarRulesRoutes } from './war-rules.js';
import { registerAlertsRoutes } from './alerts/index.js';
import { registerDiscordLinkRoutes } from './discord-links/index.js';
import { registerConfirmLinkRoute } from './discord-links/confirm.js';
import { registerAbsencesRoutes } from './absences/index.js';
import { registerAdminMembersRoute } from './members/index.js';
import { registerRemindersRoutes } from './reminders/index.js';
import { registerFamilyRoutes } from './family/index.js';
import { registerTemplatesRoutes } from './templates/index.js';
import { registerAuditRoute } from './audit.js';
import { registerClanLogRoutes } from './clan-log.js';
import { registerLeaderMemberRoutes } from './leaders/members.js';
import { registerWatchListRoutes } from './leaders/watch-list.js';
import { registerLeaderRulesRoutes } from './leaders/rules.js';
import { registerDiscordRolesRoutes } from './discord-roles.js';

/** SEC-IN-01: admin bodies are small JSON objects. */
const ADMIN_BODY_LIMIT = 16 * 1024;

/**
 * The whole /api/admin surface: the public routes (captcha, setup status, login and its code
 * step, forgot, reset, email confirmation), then ONE encapsulated scope whose single
 * onRequest hook authenticates every route registered in it, deny by default (SEC-AC-01).
 */
export async function registerAdminApi(app: FastifyInstance, services: Services): Promise<void> {
  const { auth, scripts } = services;
  const { clanOf } = services.family;
  await app.register(async (admin) => {
    // SEC-IN-01: JSON only (a text/plain body answers 415), with a tight size cap (413).
    admin.removeContentTypeParser('text/plain');
    admin.addHook('onRoute', (route) => {
      route.bodyLimit ??= ADMIN_BODY_LIMIT;
    });
    // SEC-HDR-04: nothing from the admin API is cached.
    admin.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    registerCaptchaRoute(admin, auth);
    registerSetupStatusRoute(admin, auth);
    registerLoginRoutes(admin, auth);
    registerForgotPasswordRoute(admin, auth);
    registerResetPasswordRoute(admin, auth);
    registerConfirmEmailRoute(admin, auth);

    await admin.register(async (scope) => {
      scope.decorateRequest('adminUser', null);
      scope.decorateRequest('adminClaims', null);
      scope.addHook('onRequest', adminAuthHook(auth));
      registerRefreshTokenRoute(scope, auth);
      registerChangePasswordRoute(scope, auth);
      registerSetEmailRoute(scope, auth);
      registerTotpRoutes(scope, auth);
      registerLogoutRoute(scope, auth);
      registerScriptsRoute(scope, scripts);
      registerScriptRoutes(scope, scripts);
      registerDatabaseRoute(scope, scripts);
      registerDiscordOutboxRoute(scope, scripts);
      registerDiscordCommandsRoute(scope, services.discord);
      registerDiscordRolesRoutes(scope, services.discordRolesAdmin);
      registerSystemRoute(scope, services.system, clanOf);
      registerDatabaseCsvRoute(scope, services.insights, clanOf);
      registerWarRulesRoutes(scope, services.insights, clanOf);
      registerWarReportRoutes(scope, services.insights, clanOf);
      registerRemindersRoutes(scope, services.reminders, scripts, clanOf);
      registerFamilyRoutes(scope, services.family);
      registerAdminMembersRoute(scope, services.links, clanOf);
      registerDiscordLinkRoutes(scope, services.links);
      registerConfirmLinkRoute(scope, services.links);
      registerAbsencesRoutes(scope, services.absences, clanOf);
      registerAlertsRoutes(scope, services.alerts);
      registerTemplatesRoutes(scope, services.templates, clanOf);
      registerAuditRoute(scope, services.audit);
      registerClanLogRoutes(scope, services.leaders, clanOf);
      registerLeaderMemberRoutes(scope, services.leaders, clanOf);
      registerWatchListRoutes(scope, services.leaders);
      registerLeaderRulesRoutes(scope, services.leaders, services.logChannel, clanOf);
    });
  });
}
