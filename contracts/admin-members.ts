import { z } from 'zod';
import { discordLinkInputSchema, PLAYER_TAG_PATTERN } from './admin-reminders.js';
import { isoTimestampSchema } from './common.js';

/** Excused absences and Discord link states in the admin Reminders tab (docs/discord.md). */

export const ABSENCE_STATUS_VALUES = ['pending', 'approved', 'rejected'] as const;
export const LINK_STATUS_VALUES = ['claimed', 'verified', 'confirmed'] as const;
export type LinkStatus = (typeof LINK_STATUS_VALUES)[number];

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD, for example 2026-12-24.');

export const absenceSchema = z.object({
  id: z.number().int(),
  playerTag: z.string(),
  /** as the roster last saw the player; null for a tag never seen */
  playerName: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string().nullable(),
  status: z.enum(ABSENCE_STATUS_VALUES),
  /** `discord:<user id>` or `admin` */
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: isoTimestampSchema,
  decidedAt: isoTimestampSchema.nullable(),
});
export type AbsenceView = z.infer<typeof absenceSchema>;

export const absencesResponseSchema = z.object({ absences: z.array(absenceSchema) });
export type AbsencesResponse = z.infer<typeof absencesResponseSchema>;

export const absenceInputSchema = z.object({
  playerTag: z
    .string({ error: 'Enter the player tag' })
    .regex(PLAYER_TAG_PATTERN, 'That is not a player tag such as #2PQ8L0C.'),
  startsOn: dateSchema,
  endsOn: dateSchema,
  reason: z
    .string()
    .trim()
    .max(200, 'The reason is at most 200 characters')
    .optional()
    .transform((v) => (v ? v : null)),
});
export type AbsenceInput = z.input<typeof absenceInputSchema>;

export const absenceParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const absenceDecisionSchema = z.object({ decision: z.enum(['approve', 'reject']) });
export const absenceSavedSchema = z.object({ absence: absenceSchema, message: z.string() });
/**
 * A leader's Confirm names the Discord user they saw claiming the tag: the server confirms that pair or nothing
 * (409 `LINK_CHANGED` when the tag changed hands since).
 */
export const linkConfirmInputSchema = discordLinkInputSchema;
export type LinkConfirmInput = z.infer<typeof linkConfirmInputSchema>;
export const linkConfirmedSchema = z.object({
  tag: z.string(),
  status: z.enum(LINK_STATUS_VALUES),
  message: z.string(),
});

/**
 * Whether a clan's members' absence reasons show on their public member pages (docs/decisions/116-absence-reasons-private.md).
 * Off (the default): only leaders (Discord, the admin panel) and the member (`/me`) read a reason; the page shows the
 * dates alone. On: anyone can read the reasons on the member's page.
 */
export const absenceReasonsSchema = z.object({ public: z.boolean({ error: 'public: true or false' }) });
export type AbsenceReasons = z.infer<typeof absenceReasonsSchema>;
