import { z } from 'zod';
import { isoTimestampSchema } from './common.js';

/** War reminders, Discord links, alerts and message templates (docs/reminders.md). */

/** Offsets before the predicted reset, in minutes: 10 minutes to 23 hours, at most 6 of them. */
export const REMINDER_OFFSET_MIN = 10;
export const REMINDER_OFFSET_MAX = 23 * 60;
export const REMINDER_OFFSETS_MAX = 6;
export const DEFAULT_REMINDER_OFFSETS = [360, 60];

export const reminderSettingsInputSchema = z.object({
  offsetsMinutes: z
    .array(z.number({ error: 'Each reminder time is a number of minutes before the reset' }), {
      error: 'offsetsMinutes must be a list of minutes',
    })
    .superRefine((offsets, ctx) => {
      const problem = offsets.some((m) => !Number.isInteger(m))
        ? 'Reminder times are whole minutes'
        : offsets.some((m) => m < REMINDER_OFFSET_MIN)
          ? `A reminder comes at least ${REMINDER_OFFSET_MIN} minutes before the reset`
          : offsets.some((m) => m > REMINDER_OFFSET_MAX)
            ? 'A reminder comes at most 23 hours before the reset'
            : offsets.length > REMINDER_OFFSETS_MAX
              ? `At most ${REMINDER_OFFSETS_MAX} reminders a day`
              : new Set(offsets).size !== offsets.length
                ? 'Each reminder time may appear once'
                : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** the race projection's line in the battle-day reminder and the day report; left as it is when not sent */
  projectionLine: z.boolean({ error: 'projectionLine is true or false' }).optional(),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInputSchema>;

export const resetPredictionSchema = z.object({
  at: isoTimestampSchema,
  marginMs: z.number().int(),
  /** how many observed resets the prediction rests on */
  basis: z.number().int(),
});
export type ResetPredictionView = z.infer<typeof resetPredictionSchema>;

export const reminderSettingsSchema = z.object({
  offsetsMinutes: z.array(z.number().int()),
  /** whether the reminder and the day report carry the race projection's line (off by default) */
  projectionLine: z.boolean(),
  prediction: resetPredictionSchema.nullable(),
  /** the reminders still due before the predicted reset */
  nextReminders: z.array(isoTimestampSchema),
  timezone: z.string(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** Player tags: `#` and 3–15 of the game's tag characters (docs/clash-royale-api.md). */
export const PLAYER_TAG_PATTERN = /^#?[0289PYLQGRJCUV]{3,15}$/i;
export const discordLinkParamsSchema = z.object({
  tag: z.string().regex(PLAYER_TAG_PATTERN, 'That is not a player tag such as #2PQ8L0C.'),
});
export const discordLinkInputSchema = z.object({
  discordUserId: z
    .string({ error: 'Enter the Discord user ID' })
    .trim()
    .regex(/^\d{17,20}$/, 'A Discord user ID is 17 to 20 digits (Discord: Developer Mode, then Copy User ID).'),
});
export type DiscordLinkInput = z.infer<typeof discordLinkInputSchema>;

export const adminMemberSchema = z.object({
  tag: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  discordUserId: z.string().nullable(),
  /** claimed in Discord (not proven), verified in the game, or confirmed by a leader; null when not linked */
  linkStatus: z.enum(['claimed', 'verified', 'confirmed']).nullable(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
export const adminMembersResponseSchema = z.object({ members: z.array(adminMemberSchema) });
export type AdminMembersResponse = z.infer<typeof adminMembersResponseSchema>;
export const discordLinkResponseSchema = z.object({
  tag: z.string(),
  discordUserId: z.string().nullable(),
  message: z.string(),
});

export const ALERT_KINDS = [
  'run-failed',
  'run-interrupted',
  'discord-stopped',
  'discord-undelivered',
  'wrong-codes',
  'watch-list',
  'returning-member',
] as const;
export const alertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  subject: z.string(),
  message: z.string(),
  runId: z.number().int().nullable(),
  createdAt: isoTimestampSchema,
});
export type AlertView = z.infer<typeof alertSchema>;
export const alertsResponseSchema = z.object({ alerts: z.array(alertSchema) });
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;
export const alertParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const acknowledgeResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const TEMPLATE_IDS = [
  'inactive-report',
  'river-race-week',
  'monthly-top',
  'war-reminder',
  'war-reminder-dm',
] as const;
export const templateIdSchema = z.enum(TEMPLATE_IDS);
export type TemplateId = z.infer<typeof templateIdSchema>;
export const templateParamsSchema = z.object({ id: z.enum(TEMPLATE_IDS, { error: 'There is no such message.' }) });
export const templateSchema = z.object({
  id: templateIdSchema,
  name: z.string(),
  template: z.string(),
  defaultTemplate: z.string(),
  isDefault: z.boolean(),
  placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type MessageTemplateView = z.infer<typeof templateSchema>;
export const templatesResponseSchema = z.object({ templates: z.array(templateSchema) });
export type TemplatesResponse = z.infer<typeof templatesResponseSchema>;
export const templateInputSchema = z.object({ template: z.string({ error: 'Enter the template text' }) });
export const templatePreviewSchema = z.object({
  /** the rendered message, in Discord's parts of at most 2,000 characters */
  parts: z.array(z.string()),
  /** where the values come from: the newest message of this kind, or example values */
  source: z.string(),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;
