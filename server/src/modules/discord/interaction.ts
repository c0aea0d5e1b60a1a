import { z } from 'zod';

/**
 * The parts of an interaction ClanOps reads (discord-api-types describes the whole payload); zod
 * checks them once the signature has passed (docs/discord.md).
 */
const userSchema = z.object({ id: z.string(), username: z.string().optional(), global_name: z.string().nullish() });
const optionSchema = z.object({
  name: z.string(),
  type: z.number(),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

export const interactionSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  type: z.number().int(),
  token: z.string(),
  guild_id: z.string().optional(),
  channel_id: z.string().optional(),
  member: z
    .object({ user: userSchema, roles: z.array(z.string()).default([]), permissions: z.string().default('0') })
    .optional(),
  user: userSchema.optional(),
  data: z
    .object({
      name: z.string().optional(),
      options: z.array(optionSchema).optional(),
      custom_id: z.string().optional(),
      resolved: z.object({ users: z.record(z.string(), userSchema).optional() }).optional(),
    })
    .optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

/** Discord's permission bits (docs: Permissions): Administrator and Manage Server. */
const ADMINISTRATOR = 1n << 3n;
const MANAGE_GUILD = 1n << 5n;

/** The caller's user id (a guild member's user, or the user in a DM). */
export function callerId(i: Interaction): string | null {
  return i.member?.user.id ?? i.user?.id ?? null;
}

/**
 * A leader: the configured leader role, or the Manage Server (or Administrator) permission in the
 * channel the command came from. Outside a server nobody is a leader.
 */
export function isLeader(i: Interaction, leaderRoleId: string | undefined): boolean {
  const member = i.member;
  if (!member || !i.guild_id) return false;
  if (leaderRoleId && member.roles.includes(leaderRoleId)) return true;
  let bits: bigint;
  try {
    bits = BigInt(member.permissions);
  } catch {
    return false;
  }
  return (bits & (ADMINISTRATOR | MANAGE_GUILD)) !== 0n;
}

export function stringOption(i: Interaction, name: string): string | undefined {
  const v = i.data?.options?.find((o) => o.name === name)?.value;
  return typeof v === 'string' ? v : undefined;
}

export function integerOption(i: Interaction, name: string): number | undefined {
  const v = i.data?.options?.find((o) => o.name === name)?.value;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}
