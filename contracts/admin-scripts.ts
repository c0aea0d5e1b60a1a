import { z } from 'zod';
import { isoTimestampSchema } from './common.js';

/** Script ids are the spec's everywhere (docs/architecture.md §2 naming; docs/product.md §3). */
export const SCRIPT_IDS = ['inactive-players', 'river-race-log', 'monthly-fame', 'war-reminders'] as const;
export const scriptIdSchema = z.enum(SCRIPT_IDS);
export type ScriptId = z.infer<typeof scriptIdSchema>;

/** URL segment of the run/schedule/replay routes (docs/product.md §7). */
export const SCRIPT_URL_SEGMENTS: Record<ScriptId, string> = {
  'inactive-players': 'inactive-players',
  'river-race-log': 'river-race',
  'monthly-fame': 'monthly-fame',
  'war-reminders': 'war-reminders',
};

/** docs/product.md §8: the schedule editor's success texts, exactly as the product words them. */
export const SCHEDULE_UPDATED: Record<ScriptId, string> = {
  'inactive-players': 'Schedule updated successfully',
  'river-race-log': 'River race schedule updated successfully',
  'monthly-fame': 'Monthly fame schedule updated successfully',
  'war-reminders': 'Reminder times updated successfully',
};

/** Tables the database viewer may show: an exact allow-list (SEC-DB-01). */
export const VIEWABLE_TABLES = ['clan_members', 'war_state_cache', 'river_race_data', 'monthly_spotlight'] as const;
export const viewableTableSchema = z.enum(VIEWABLE_TABLES);
export type ViewableTable = z.infer<typeof viewableTableSchema>;

/** SEC-JOB-01: cron text is capped before it reaches the parser. */
export const CRON_MAX_LENGTH = 100;

export const scriptInfoSchema = z.object({
  id: scriptIdSchema,
  urlSegment: z.string(),
  name: z.string(),
  purpose: z.string(),
  benefits: z.string(),
  scheduleInfo: z.string(),
  tables: z.array(viewableTableSchema),
  defaultSchedule: z.string(),
  hasReplay: z.boolean(),
});
export type ScriptInfo = z.infer<typeof scriptInfoSchema>;
export const scriptListResponseSchema = z.object({ scripts: z.array(scriptInfoSchema), timezone: z.string() });
export type ScriptListResponse = z.infer<typeof scriptListResponseSchema>;

export const scheduleInputSchema = z.object({
  schedule: z
    .string()
    .trim()
    .min(1, 'Enter a cron expression')
    .max(CRON_MAX_LENGTH, `Keep the cron expression under ${CRON_MAX_LENGTH} characters`),
});
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

export const nextRunSchema = z.object({
  /** wall-clock time in the schedule's zone (SCHEDULE_TIMEZONE, New York by default) */
  local: z.string(),
  utc: isoTimestampSchema,
});
export type NextRun = z.infer<typeof nextRunSchema>;

export const scheduleResponseSchema = z.object({
  scriptId: scriptIdSchema,
  schedule: z.string(),
  defaultSchedule: z.string(),
  timezone: z.string(),
  isRunning: z.boolean(),
  nextRuns: z.array(nextRunSchema),
  description: z.string(),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;
export const scheduleUpdateResponseSchema = scheduleResponseSchema.extend({ message: z.string() });
export type ScheduleUpdateResponse = z.infer<typeof scheduleUpdateResponseSchema>;

export const runStatusSchema = z.enum(['running', 'completed', 'failed', 'skipped']);
export type RunStatus = z.infer<typeof runStatusSchema>;
export const runTriggerSchema = z.enum(['manual', 'schedule', 'catch-up', 'replay', 'cli']);
export type RunTrigger = z.infer<typeof runTriggerSchema>;

/** docs/product.md §3 history entry; `details` as docs/war-tracking.md */
export const runDetailsSchema = z.object({
  discordMessage: z.string().nullable(),
  outputs: z.array(z.string()),
  errors: z.array(z.string()),
  dataProcessed: z.number().int().nullable(),
});
export type RunDetails = z.infer<typeof runDetailsSchema>;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  scriptId: z.string(),
  timestamp: isoTimestampSchema,
  finishedAt: isoTimestampSchema.nullable(),
  status: runStatusSchema,
  trigger: runTriggerSchema,
  scheduledFor: isoTimestampSchema.nullable(),
  message: z.string(),
  /** milliseconds, null while running */
  duration: z.number().int().nullable(),
  details: runDetailsSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 100' }).int().min(1).max(100).default(50),
});
export const historyResponseSchema = z.object({ history: z.array(historyEntrySchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const inactivePlayerSchema = z.object({
  tag: z.string(),
  name: z.string(),
  /** decks used that day, or the least the data proves when `decksUsedMax` is set */
  decksUsed: z.number().int().min(0).max(3),
  /** set when a snapshot of the day is missing: the count lies in decksUsed…decksUsedMax (below 4) */
  decksUsedMax: z.number().int().min(0).max(3).optional(),
});
export const reportedDaySchema = z.object({
  seasonId: z.number().int(),
  sectionIndex: z.number().int(),
  day: z.number().int().min(1).max(4),
  title: z.string(),
  raceFinished: z.boolean(),
  inactivePlayers: z.array(inactivePlayerSchema),
  uncertain: z.number().int().min(0),
  /** members whose presence when the day began was never observed: listed apart, never judged */
  untracked: z.number().int().min(0).optional(),
  /** members a leader excused for the day (an approved absence): listed apart, never judged */
  excused: z.number().int().min(0).optional(),
});
/** docs/war-tracking.md results per script (docs/product.md §7 answers). */
export const inactivePlayersResultSchema = z.object({
  /** the newest battle day this run reported (docs/product.md §7) */
  inactivePlayers: z.array(inactivePlayerSchema),
  currentDay: z.number().int().min(1).max(4).nullable(),
  /** every battle day this run reported, oldest first (more than one after a missed run) */
  reportedDays: z.array(reportedDaySchema).optional(),
});
export type ReportedDay = z.infer<typeof reportedDaySchema>;
export const riverRaceResultSchema = z.object({ memberCount: z.number().int().min(0) });
export const monthlyFameResultSchema = z.object({ playerCount: z.number().int().min(0) });
/** docs/reminders.md: who still had decks to play when a reminder polled. */
export const warRemindersResultSchema = z.object({
  /** battle day 1–4, null on a training day or when nothing was polled */
  day: z.number().int().min(1).max(4).nullable(),
  /** the reset the reminder counted down to, with its margin (ms) */
  predictedReset: isoTimestampSchema.nullable(),
  marginMs: z.number().int().nullable(),
  /** the players listed, by decks used today */
  players: z.array(z.object({ tag: z.string(), name: z.string(), decksUsed: z.number().int().min(0).max(3) })),
  /** why nothing was sent, when nothing was */
  nothingToSend: z.enum(['training-day', 'race-finished', 'all-decks-used', 'day-ended']).nullable(),
});
export type WarRemindersResult = z.infer<typeof warRemindersResultSchema>;
export type InactivePlayersResult = z.infer<typeof inactivePlayersResultSchema>;
export type RiverRaceResult = z.infer<typeof riverRaceResultSchema>;
export type MonthlyFameResult = z.infer<typeof monthlyFameResultSchema>;
export interface ScriptResults {
  'inactive-players': InactivePlayersResult;
  'river-race-log': RiverRaceResult;
  'monthly-fame': MonthlyFameResult;
  'war-reminders': WarRemindersResult;
}
export const scriptResultSchemas = {
  'inactive-players': inactivePlayersResultSchema,
  'river-race-log': riverRaceResultSchema,
  'monthly-fame': monthlyFameResultSchema,
  'war-reminders': warRemindersResultSchema,
} as const;

export const runResponseSchema = z.object({
  success: z.literal(true),
  runId: z.number().int(),
  message: z.string(),
  result: z.record(z.string(), z.unknown()),
  details: runDetailsSchema,
});
export type RunResponse<R = Record<string, unknown>> = Omit<z.infer<typeof runResponseSchema>, 'result'> & {
  result: R;
};

/** docs/product.md §5: replay day 1 to 4 only. */
export const replayInputSchema = z.object({
  day: z
    .number({ error: 'day must be a number from 1 to 4' })
    .int('day must be a whole number from 1 to 4')
    .min(1, 'day must be from 1 to 4')
    .max(4, 'day must be from 1 to 4'),
});
export type ReplayInput = z.infer<typeof replayInputSchema>;
export const replayResponseSchema = z.object({
  success: z.literal(true),
  runId: z.number().int(),
  playersNotified: z.number().int().min(0),
  message: z.string(),
});
export type ReplayResponse = z.infer<typeof replayResponseSchema>;

/** SEC-DB-01: a name off the allow-list names nothing: 404 before any SQL runs. */
export const databaseParamsSchema = z.object({
  table: z.enum(VIEWABLE_TABLES, { error: 'There is no such table to view.' }),
});

export const databaseQuerySchema = z.object({
  // optional first: zod 4 refuses a missing key before the transform could give it the default
  limit: z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return 1000;
      if (typeof v !== 'string' || !/^\d{1,4}$/.test(v) || Number(v) < 1 || Number(v) > 1000) {
        ctx.addIssue({ code: 'custom', message: 'limit must be a whole number from 1 to 1000' });
        return z.NEVER;
      }
      return Number(v);
    }),
  /** the clan of the family whose rows are shown (docs/decisions/104-per-clan-webhooks.md); the main clan's without */
  clan: z.string().optional(),
});
export const databaseResponseSchema = z.object({
  table: viewableTableSchema,
  columns: z.array(z.string()),
  records: z.array(z.record(z.string(), z.unknown())),
  limit: z.number().int(),
});
export type DatabaseResponse = z.infer<typeof databaseResponseSchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  scriptId: z.string().nullable(),
  runId: z.number().int().nullable(),
  createdAt: isoTimestampSchema,
  status: z.string(),
  content: z.string(),
  error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const systemResponseSchema = z.object({
  /** the running version (package.json, CHANGELOG.md) */
  version: z.string(),
  mode: z.enum(['demo', 'live']),
  clanTag: z.string(),
  timezone: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  discord: z.enum(['webhook', 'outbox']),
  /** the Discord application is set up: its slash commands can be registered again from the card */
  discordCommands: z.boolean(),
  mail: z.enum(['smtp', 'log']),
  /** Filled by the Clash Royale client when it can tell; null means "not checked". */
  clashRoyaleApi: z
    .object({
      reachable: z.boolean().nullable(),
      currentIp: z.string().nullable(),
      checkedAt: isoTimestampSchema.nullable(),
      detail: z.string().nullable(),
      /** calls this instance made per clan in the last hour, retries included (docs/decisions/101-request-budget.md) */
      lastHour: z
        .array(
          z.object({
            clanTag: z.string(),
            calls: z.number().int().min(0),
            /** calls the request budget refused (never sent) */
            refused: z.number().int().min(0),
          }),
        )
        .optional(),
      /** CR_REQUESTS_PER_MINUTE, and the tokens left in the bucket now; absent without a budget */
      budget: z.object({ perMinute: z.number().int().min(1), available: z.number().int().min(0) }).optional(),
    })
    .nullable(),
  /** the war snapshots every report stands on (docs/war-tracking.md) */
  warSnapshots: z.object({
    lastAt: isoTimestampSchema.nullable(),
    /** the last snapshot attempt's failure, while it is not followed by a success */
    lastError: z.string().nullable(),
  }),
  /** alerts not yet acknowledged (docs/reminders.md "Alerts") */
  openAlerts: z.number().int().min(0).default(0),
  /** rows the growing tables hold, and how long they are kept (docs/architecture.md §8 "Growth") */
  stored: z.object({
    scriptRuns: z.number().int().min(0),
    discordMessages: z.number().int().min(0),
    /** Discord messages not delivered yet: they are retried in order */
    undelivered: z.number().int().min(0),
    alerts: z.number().int().min(0),
    warSnapshots: z.number().int().min(0),
    retentionDays: z.object({ runs: z.number().int(), discordMessages: z.number().int(), alerts: z.number().int() }),
  }),
  /** Configuration problems the operator should fix (e.g. a proxy that TRUST_PROXY does not name). */
  warnings: z.array(z.string()).default([]),
});
export type SystemResponse = z.infer<typeof systemResponseSchema>;

/** POST /api/admin/discord-commands: the slash commands registered again (docs/discord.md). */
export const registerCommandsResponseSchema = z.object({
  commands: z.number().int().min(0),
  scope: z.enum(['guild', 'global']),
});
export type RegisterCommandsResponse = z.infer<typeof registerCommandsResponseSchema>;
