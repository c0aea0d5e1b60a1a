import type { DiscordRolesState, RoleAudit, RoleRulesInput, RolesPreview } from '#contracts/admin-discord-roles';
import type { AppContext } from '#server/app-context';
import { AppError } from '#server/lib/app-error';
import { toIso } from '#server/lib/clock';
import { isOutage } from './refusals.js';
import { queueSize } from './roles-queue.repository.js';
import { listChanges, readLinks, saveRules } from './roles.repository.js';
import type { DiscordRolesService } from './roles.service.js';

/** The admin console's side of the Discord roles (docs/decisions/160-discord-roles.md): rules, preview, audit. */
export function createDiscordRolesAdmin(
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans' | 'log'>,
  roles: DiscordRolesService,
) {
  const db = ctx.db.kysely;
  const notReady = () =>
    new AppError(
      409,
      'DISCORD_NOT_CONFIGURED',
      'Set DISCORD_BOT_TOKEN and DISCORD_GUILD_ID (docs/discord.md) before ClanOps can read or change roles.',
    );
  const state = async (): Promise<DiscordRolesState> => ({
    rules: await roles.rules(),
    active: roles.active,
    queued: await queueSize(db),
    clans: ctx.clans.active().map((c) => ({ tag: c.tag, name: c.name ?? null })),
    roleNames: await roles.roleNames(),
  });
  return {
    state,
    async save(rules: RoleRulesInput): Promise<DiscordRolesState> {
      const family = new Set(ctx.clans.active().map((c) => c.tag));
      const stranger = Object.keys(rules.clanRoles).find((tag) => !family.has(tag));
      if (stranger) throw new AppError(400, 'NOT_A_FAMILY_CLAN', `${stranger} is not a clan of this family.`);
      await saveRules(db, rules, toIso(ctx.clock.now()));
      // every linked member is brought in line with the new rules: now, in the background; what Discord does not
      // take now waits in the queue for the next pass
      if (rules.enabled) {
        await roles.queue(
          (await readLinks(db)).map((l) => l.discordUserId),
          'rules',
        );
        void roles
          .drain()
          .catch((err: unknown) => ctx.log.warn({ err }, 'Discord roles: the sync after saving failed'));
      }
      return state();
    },
    /** What would change for whom, read from Discord now; nothing is applied. */
    async preview(): Promise<RolesPreview> {
      if (!roles.active) throw notReady();
      const rules = await roles.rules();
      const wanted = await roles.wanted(rules);
      const out: RolesPreview = { members: [], notInServer: 0 };
      for (const userId of [...new Set((await readLinks(db)).map((l) => l.discordUserId))]) {
        let changes;
        try {
          changes = await roles.changesFor(rules, userId, wanted.get(userId));
        } catch (err) {
          if (isOutage(err)) throw new AppError(502, 'DISCORD_UNAVAILABLE', 'Discord did not answer: try again later.');
          throw err;
        }
        if (changes === null) out.notInServer++;
        else if (changes.length > 0)
          out.members.push({
            discordUserId: userId,
            who: changes.who,
            changes: changes.map((c) => ({
              kind: c.kind,
              roleId: c.kind === 'set-nick' ? null : c.roleId,
              nick: c.kind === 'set-nick' ? c.nick : null,
              reason: c.reason,
            })),
          });
      }
      return out;
    },
    async audit(limit = 200): Promise<RoleAudit> {
      const rows = await listChanges(db, limit);
      return {
        changes: rows.map((r) => ({
          id: r.id,
          discordUserId: r.discord_user_id,
          kind: r.kind as 'add-role' | 'remove-role' | 'set-nick',
          roleId: r.role_id,
          nick: r.nick,
          reason: r.reason,
          outcome: r.outcome as 'applied' | 'refused',
          error: r.error,
          at: r.at,
        })),
      };
    },
  };
}

export type DiscordRolesAdmin = ReturnType<typeof createDiscordRolesAdmin>;
