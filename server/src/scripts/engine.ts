import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { HistoryEntry, OutboxMessage, ScheduleResponse, ViewableTable } from '#contracts/admin-scripts';
import type { AppContext } from '../app-context.js';
import type { DirectMessageSender } from '../clients/discord/direct-sender.js';
import { DiscordSender } from '../clients/discord/sender.js';
import { AppError, badRequest, notFound } from '../lib/app-error.js';
import { describeSchedule, formatInZone, nextOccurrences, validateSchedule } from './cron.js';
import { readTable, viewColumns } from './database-viewer.repository.js';
import { discordTargetFor, listOutbox, queueMessages, type DiscordTarget } from './delivery.js';
import { liveLeases } from './lease.repository.js';
import { defaultScriptDefinitions } from './registry.js';
import { OutboxDispatcher } from './outbox-dispatcher.js';
import { pruneHistory, RetentionJob, type PruneCounts } from './retention.job.js';
import { ScriptRunner, type RunnerHooks, type RunReport } from './runner.js';
import { listHistory } from './runs.repository.js';
import { WarSnapshotJob } from './clan/war-snapshot.job.js';
import { Scheduler, type FiredRun } from './scheduler.js';
import { ensureDefaultSchedules, loadSchedules, saveSchedule } from './schedules.repository.js';
import type { AnyScriptDefinition, SystemJob } from './types.js';
import { DEFAULT_REMINDER_OFFSETS } from '#contracts/admin-reminders';
import { openClanLogWebhook, openClanWebhook } from '../modules/family/clan-webhooks.js';
import { loadOffsets, predictReset } from '../modules/reminders/reminders.service.js';
import { describeOffsets, formatSpan, reminderTimes } from '../modules/reminders/reminder-times.js';

export interface ScriptEngineOptions {
  /** defaults to the three registered scripts; tests pass a test script */
  definitions?: AnyScriptDefinition[];
  /** the main clan's webhook while its own is unset: tests point this at a local receiver; default DISCORD_WEBHOOK_URL */
  discord?: DiscordSender | null;
  /** opens the clans' sealed webhooks (webhookSealingKey); without it only the main clan's fallback is used */
  webhookKey?: Buffer | null;
  /** direct messages as the bot (services pass the Discord application's bot; tests a stand-in's) */
  directMessages?: DirectMessageSender | null;
  /** start the scheduler when the server listens (default true); tests call start()/tick() */
  autoStart?: boolean;
  /** background jobs; default the war snapshots when inactive-players is registered */
  systemJobs?: SystemJob[];
  /** more background jobs beside the default ones (the Discord roles' sync, docs/decisions/160-discord-roles.md) */
  extraJobs?: SystemJob[];
  /** after each pass of the roster polls, once the outbox is flushed (the Discord roles follow the rosters) */
  afterPolls?: () => Promise<unknown>;
  instanceId?: string;
}

/** Facade over registry, runner and scheduler: what routes, the server and the CLI use. */
export class ScriptEngine {
  readonly definitions: AnyScriptDefinition[];
  readonly autoStart: boolean;
  private readonly runner: ScriptRunner;
  private readonly scheduler: Scheduler;
  /** the war snapshot job, for the system card (null when not registered) */
  readonly snapshots: WarSnapshotJob | null;
  /** delivers the Discord outbox (after each run, and as a scheduler job) */
  readonly outboxDispatcher: OutboxDispatcher;
  /** one target per clan, rebuilt when its stored webhook changes (a new sender starts enabled) */
  private readonly targets = new Map<string, { stored: string; target: DiscordTarget }>();
  private ready: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ScriptEngineOptions = {},
    hooks: RunnerHooks = {},
  ) {
    this.definitions = options.definitions ?? defaultScriptDefinitions;
    this.autoStart = options.autoStart ?? true;
    const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.outboxDispatcher = new OutboxDispatcher({
      ctx,
      target: (clanTag) => this.discordTarget(clanTag),
      alerts: hooks.alerts,
      instanceId,
    });
    const discord = (clanTag: string) => this.discordTarget(clanTag);
    this.runner = new ScriptRunner({ ctx, discord, delivery: this.outboxDispatcher, instanceId, ...hooks });
    // War snapshots serve inactive-players; engines without it (script-engine tests) take none.
    this.snapshots = this.definitions.some((d) => d.id === 'inactive-players')
      ? new WarSnapshotJob(ctx, async () => {
          await this.outboxDispatcher.flush();
          await options.afterPolls?.();
        })
      : null;
    const jobs = options.systemJobs ?? [
      ...(this.snapshots ? [this.snapshots] : []),
      this.outboxDispatcher,
      new RetentionJob(ctx),
      ...(options.extraJobs ?? []),
    ];
    this.scheduler = new Scheduler(ctx, this.definitions, this.runner, jobs, hooks.alerts);
  }

  /** The clan a `?clan=` names (any case, with or without #), the main clan when absent; 400/404 otherwise. */
  clanOf(query: string | undefined): string {
    return this.ctx.clans.fromQuery(query);
  }

  /** The main clan (CLAN_TAG): what every call without a clan is for. */
  private get main(): string {
    return this.ctx.clans.main.tag;
  }

  /** The zone schedules are read in (SCHEDULE_TIMEZONE). */
  get timezone(): string {
    return this.ctx.config.SCHEDULE_TIMEZONE;
  }

  /** By id (`river-race-log`) or URL segment (`river-race`). */
  find(idOrSegment: string): AnyScriptDefinition | undefined {
    return this.definitions.find((d) => d.id === idOrSegment || d.urlSegment === idOrSegment);
  }

  /**
   * Where a clan's messages go (docs/decisions/104-per-clan-webhooks.md): one sender per clan and webhook, so the
   * "disabled after 401/403/404" state of one clan's webhook leaves the others sending.
   */
  discordTarget(clanTag = this.main): DiscordTarget {
    const clan = this.ctx.clans.resolve(clanTag);
    const stored = clan ? `in:${clan.webhookSealed ?? ''}:${clan.logWebhookSealed ?? ''}` : 'out';
    const known = this.targets.get(clanTag);
    if (known?.stored === stored) return known.target;
    const key = this.options.webhookKey ?? null;
    const target = discordTargetFor(clan, {
      config: this.ctx.config,
      clock: this.ctx.clock,
      direct: this.options.directMessages ?? null,
      openWebhook: (tag, sealed) => (key ? openClanWebhook(key, tag, sealed) : null),
      openLogWebhook: (tag, sealed) => (key ? openClanLogWebhook(key, tag, sealed) : null),
      ...(this.options.discord !== undefined ? { mainFallback: this.options.discord } : {}),
    });
    this.targets.set(clanTag, { stored, target });
    return target;
  }

  /**
   * A direct message outside any run (a strike the player is told of, docs/leaders-memory.md): kept in the outbox like
   * a run's, then delivered without waiting for it.
   */
  async sendDirect(clanTag: string, discordUserId: string, content: string): Promise<void> {
    const message = { content, destination: `dm:${discordUserId}` };
    const run = { runId: null, scriptId: null, clanTag };
    await queueMessages(this.ctx.db.kysely, run, [message], this.discordTarget(clanTag), this.ctx.clock.now());
    void this.outboxDispatcher
      .flush()
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'direct message delivery failed'));
  }

  /** Stores the default schedules once for every clan of the family (docs/product.md §9). */
  ensureReady(): Promise<void> {
    this.ready ??= (async () => {
      for (const clan of this.ctx.clans.active()) await this.clanAdded(clan.tag);
    })().catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  async start(options: { timers?: boolean } = {}): Promise<FiredRun[]> {
    await this.ensureReady();
    return this.scheduler.start({ timers: options.timers ?? true });
  }

  async tick(): Promise<FiredRun[]> {
    await this.ensureReady();
    return this.scheduler.tick();
  }

  /** The next instant the scheduler has something to do (tests advance their clock to it). */
  nextWake(): Date | null {
    return this.scheduler.nextWake();
  }

  /** After an edit of what a data-scheduled script waits for (reminder times). */
  refreshSchedule(): Promise<void> {
    return this.scheduler.refresh();
  }

  /** Shutdown: no new fires; runs of this instance are aborted and recorded as interrupted. */
  async stop(): Promise<void> {
    this.scheduler.stop();
    await this.runner.abortAll('Interrupted: the server shut down during this run. Nothing from it was saved.');
  }

  /** Waits for this instance's runs (tests and the CLI). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.runner.active.values()].map((r) => r.done));
  }

  /** A clan joined the family: its default schedules (the scheduler fires them from its next tick). */
  async clanAdded(clanTag: string): Promise<void> {
    const defaults = this.definitions.filter((d) => !d.nextDue).map((d) => ({ id: d.id, cron: d.defaultSchedule }));
    await ensureDefaultSchedules(this.ctx.db.kysely, clanTag, defaults, this.ctx.clock.now());
  }

  /** A manual run (or CLI): 409 while one runs on any instance (docs/war-tracking.md). */
  async runNow(
    def: AnyScriptDefinition,
    trigger: 'manual' | 'cli' = 'manual',
    clanTag = this.main,
  ): Promise<RunReport> {
    await this.ensureReady();
    const started = await this.runner.start(def, { trigger, scheduledFor: null, clanTag });
    if (started.kind !== 'started') throw alreadyRunning(def);
    return started.done;
  }

  /** inactive-players replay (day 1–4), recorded in the history like a run. */
  async replay(def: AnyScriptDefinition, day: 1 | 2 | 3 | 4, clanTag = this.main): Promise<RunReport> {
    const replay = def.replay;
    if (!replay) throw notFound(`${def.name} has no replay.`);
    const started = await this.runner.start(def, {
      clanTag,
      trigger: 'replay',
      scheduledFor: null,
      body: async (ctx) => {
        const out = await replay(ctx, day);
        return {
          result: { playersNotified: out.playersNotified },
          message: out.message,
          outputs: out.outputs,
          errors: out.errors,
          dataProcessed: out.playersNotified,
          discord: out.discord,
        };
      },
    });
    if (started.kind !== 'started') throw alreadyRunning(def);
    return started.done;
  }

  async isRunning(scriptId: string, clanTag = this.main): Promise<boolean> {
    return (await liveLeases(this.ctx.db.kysely, clanTag)).has(scriptId);
  }

  async getSchedule(def: AnyScriptDefinition, clanTag = this.main): Promise<ScheduleResponse> {
    await this.ensureReady();
    const { config, clock, db } = this.ctx;
    if (def.nextDue) return this.dataSchedule(def, clanTag);
    const cron = (await loadSchedules(db.kysely, clanTag)).get(def.id)?.cron ?? def.defaultSchedule;
    const tz = config.SCHEDULE_TIMEZONE;
    return {
      scriptId: def.id as ScheduleResponse['scriptId'],
      schedule: cron,
      defaultSchedule: def.defaultSchedule,
      timezone: tz,
      isRunning: await this.isRunning(def.id, clanTag),
      nextRuns: nextOccurrences(cron, tz, clock.now(), 3).map((d) => ({
        local: formatInZone(d, tz),
        utc: d.toISOString(),
      })),
      description: describeSchedule(cron),
    };
  }

  /** Validates with the scheduler's own parser (SEC-JOB-01); on refusal the old schedule stays. */
  async setSchedule(def: AnyScriptDefinition, text: string, clanTag = this.main): Promise<ScheduleResponse> {
    await this.ensureReady();
    const { config, clock, db } = this.ctx;
    if (def.nextDue) {
      throw badRequest(
        `${def.name} run at times before the predicted war reset, not on a cron schedule: set them under Reminder times.`,
        'INVALID_SCHEDULE',
      );
    }
    const check = validateSchedule(text, config.SCHEDULE_TIMEZONE, clock.now());
    if (!check.ok) throw badRequest(check.error, 'INVALID_SCHEDULE');
    await saveSchedule(db.kysely, def.id, clanTag, check.pattern, clock.now());
    this.scheduler.reschedule(def.id, clanTag, check.pattern);
    return this.getSchedule(def, clanTag);
  }

  /** war-reminders: the offsets in words and the reminders due before the predicted reset. */
  private async dataSchedule(def: AnyScriptDefinition, clanTag: string): Promise<ScheduleResponse> {
    const { config, clock, db } = this.ctx;
    const now = clock.now();
    const offsets = await loadOffsets(db.kysely, clanTag);
    const tz = config.SCHEDULE_TIMEZONE;
    return {
      scriptId: def.id as ScheduleResponse['scriptId'],
      schedule: offsets.map((m) => formatSpan(m * 60_000)).join(', '),
      defaultSchedule: DEFAULT_REMINDER_OFFSETS.map((m) => formatSpan(m * 60_000)).join(', '),
      timezone: tz,
      isRunning: await this.isRunning(def.id, clanTag),
      nextRuns: reminderTimes(await predictReset(db.kysely, clanTag, now), offsets, now).map((d) => ({
        local: formatInZone(d, tz),
        utc: d.toISOString(),
      })),
      description: describeOffsets(offsets),
    };
  }

  history(def: AnyScriptDefinition, limit: number, clanTag = this.main): Promise<HistoryEntry[]> {
    return listHistory(this.ctx.db.kysely, def.id, clanTag, limit);
  }

  /** The database viewer (SEC-DB-01/02): `table` is one of the allow-listed names. */
  /** The database viewer: one clan's rows of an allow-listed table (the main clan's by default). */
  async viewTable(
    table: ViewableTable,
    limit: number,
    clanTag = this.main,
  ): Promise<{ columns: string[]; records: Record<string, unknown>[] }> {
    return { columns: viewColumns(table), records: await readTable(this.ctx.db.kysely, table, clanTag, limit) };
  }

  /** Prunes history rows past their retention now (the retention job does it every six hours). */
  pruneHistory(): Promise<PruneCounts> {
    return pruneHistory(this.ctx);
  }

  /** The newest Discord messages, sent or kept. */
  outbox(limit: number, clanTag = this.main): Promise<OutboxMessage[]> {
    return listOutbox(this.ctx.db.kysely, clanTag, limit);
  }
}

function alreadyRunning(def: AnyScriptDefinition): AppError {
  return new AppError(409, 'ALREADY_RUNNING', `${def.name} is already running. Wait for it to finish, then try again.`);
}
