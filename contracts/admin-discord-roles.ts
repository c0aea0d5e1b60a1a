import { z } from 'zod';

/**
 * Discord roles and nicknames that follow the game, in the admin console (docs/decisions/160-discord-roles.md): the
 * rules, the dry-run preview and the audit of changes. Only ever under /api/admin.
 */

const roleId = z
  .string()
  .trim()
  .regex(/^\d{17,20}$/, 'A role id is 17 to 20 digits (Developer Mode → right-click the role → Copy Role ID).');
const optionalRole = z.preprocess((v) => (v === '' ? null : v), roleId.nullable());

export const RANK_VALUES = ['member', 'elder', 'coLeader', 'leader'] as const;

export const roleRulesSchema = z.object({
  enabled: z.boolean(),
  verifiedRoleId: optionalRole,
  guestRoleId: optionalRole,
  /** per family clan tag */
  clanRoles: z.record(
    z.string().regex(/^#[0-9A-Z]{3,15}$/, 'A clan tag such as #2PQ8L0C.'),
    z.object({ roleId: optionalRole, alias: z.string().trim().max(16, 'An alias has at most 16 characters.') }),
  ),
  rankRoles: z.object({
    member: optionalRole,
    elder: optionalRole,
    coLeader: optionalRole,
    leader: optionalRole,
  }),
  /** `{name}`, `{clan}`, `{role}`; null: nicknames are left alone */
  nicknameTemplate: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(64, 'A template has at most 64 characters.').nullable(),
  ),
  removalDelayHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30, 'At most 30 days (720 h).'),
});
export type RoleRulesInput = z.infer<typeof roleRulesSchema>;

export const discordRolesStateSchema = z.object({
  rules: roleRulesSchema,
  /** the bot token and the server id are set: changes can be applied */
  active: z.boolean(),
  /** Discord users waiting for a sync (an outage, a rate limit) */
  queued: z.number().int(),
  clans: z.array(z.object({ tag: z.string(), name: z.string().nullable() })),
  /** the server's role names by id (GET /guilds/{g}/roles); empty without the bot or while Discord is away */
  roleNames: z.record(z.string(), z.string()),
});
export type DiscordRolesState = z.infer<typeof discordRolesStateSchema>;

export const roleChangeSchema = z.object({
  kind: z.enum(['add-role', 'remove-role', 'set-nick']),
  roleId: z.string().nullable(),
  nick: z.string().nullable(),
  reason: z.string(),
});

export const rolesPreviewSchema = z.object({
  members: z.array(z.object({ discordUserId: z.string(), who: z.string(), changes: z.array(roleChangeSchema) })),
  /** linked users not in the Discord server */
  notInServer: z.number().int(),
});
export type RolesPreview = z.infer<typeof rolesPreviewSchema>;

export const roleAuditSchema = z.object({
  changes: z.array(
    roleChangeSchema.extend({
      id: z.number().int(),
      discordUserId: z.string(),
      outcome: z.enum(['applied', 'refused']),
      error: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type RoleAudit = z.infer<typeof roleAuditSchema>;
