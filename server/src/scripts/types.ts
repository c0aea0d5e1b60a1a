import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { RunTrigger, ScriptId, ScriptResults, ViewableTable } from '#contracts/admin-scripts';
import type { DiscordMessage } from '../clients/discord/payload.js';
import type { Database } from '../db/schema.js';

export type { DiscordMessage };

/**
 * What a script receives for one run. The script may read and poll the Clash Royale API for a
 * long time (the inactive-players window is ±40 minutes, docs/war-tracking.md) outside any transaction;
 * it writes nothing itself and returns its writes as `ScriptOutcome.write`.
 */
export interface ScriptRunContext {
  /** the application context: the database for reads, configuration, the Clash Royale client */
  app: AppContext;
  runId: number;
  scriptId: string;
  trigger: RunTrigger;
  /** the clan this run is for (docs/decisions/100-clan-family-data-model.md) */
  clanTag: string;
  /** the occurrence this run serves (UTC), null for manual runs */
  scheduledFor: Date | null;
  clock: AppContext['clock'];
  log: FastifyBaseLogger;
  /** aborted when the run times out or the server shuts down; pass it to every outbound call */
  signal: AbortSignal;
  /** keeps the run's lease alive during long polling; the runner also renews it on a timer */
  heartbeat(): Promise<void>;
}

/** Written in ONE transaction together with completing the history row (docs/architecture.md §4). */
export type ScriptWrite = (trx: Transaction<Database>) => Promise<void>;

/**
 * A finished script run. To fail a run, throw (an AppError's message is shown to the admin):
 * the runner records `failed`, runs no `write`, sends nothing.
 */
export interface ScriptOutcome<R = Record<string, unknown>> {
  /** the HTTP answer's `result` (docs/product.md §7) */
  result: R;
  /** one line for the history, written for a clan leader */
  message: string;
  outputs?: string[];
  /** non-fatal problems; the run still completes */
  errors?: string[];
  dataProcessed?: number;
  /** delivered after the commit: to the webhook, or kept in the outbox without one */
  discord?: DiscordMessage[];
  write?: ScriptWrite;
}

/** What `replay` returns (inactive-players only): the report of a stored day, re-sent. */
export interface ReplayOutcome {
  playersNotified: number;
  message: string;
  outputs?: string[];
  errors?: string[];
  discord: DiscordMessage[];
}

/** `once`: catch the newest missed occurrence up at start; `skip`: record that it was missed. */
export type MissedRunPolicy = 'once' | 'skip';

/** A catch-up the data asks for (a battle day owed a report after its scheduled run). */
export interface DataCatchUp {
  /** idempotency key of the catch-up run (one per hour at most) */
  occurrenceKey: string;
  /** the occurrence it stands in for: orders catch-ups at start */
  occurrence: Date;
  /** prefixed to the run's history message */
  note: string;
}

/** Background work of the scheduler itself, not a script: no history row, no lease. */
export interface SystemJob {
  id: string;
  /** the next instant the job is due after `after` */
  nextAt(after: Date): Date;
  run(now: Date): Promise<void>;
}

export interface ScriptDefinition<Id extends string = string, R = Record<string, unknown>> {
  id: Id;
  /** run/schedule/replay URL segment (docs/product.md §7: river-race for river-race-log) */
  urlSegment: string;
  name: string;
  purpose: string;
  benefits: string;
  scheduleInfo: string;
  tables: ViewableTable[];
  /** cron, five fields, in SCHEDULE_TIMEZONE (docs/product.md §9) */
  defaultSchedule: string;
  missedRunPolicy: MissedRunPolicy;
  /**
   * When set, missed and failed occurrences are caught up when the data shows something is owed
   * (checked at start and after every war snapshot) instead of by `missedRunPolicy`.
   */
  dataCatchUp?(
    app: ScriptRunContext['app'],
    clanTag: string,
    schedule: { cron: string; timezone: string },
    now: Date,
  ): Promise<DataCatchUp | null>;
  /**
   * When set, the script is scheduled by the data, not by cron (war-reminders: offsets before the
   * predicted reset): the next instant it is due after `now`, null when none is known. The
   * scheduler asks again after every tick, so a new snapshot moves it.
   */
  nextDue?(app: ScriptRunContext['app'], clanTag: string, now: Date): Promise<Date | null>;
  /** a scheduled occurrence that finds the script busy tries again for this long (its window) */
  busyRetryMs?: number;
  /** a scheduled run interrupted by a restart is started again while this long after its occurrence has not passed */
  resumeWindowMs?: number;
  /** a failed scheduled run is tried again hourly until this long after its occurrence */
  retryFailedMs?: number;
  /** hard limit of one run including its retries (REL-JOB-09) */
  timeoutMs: number;
  run(ctx: ScriptRunContext): Promise<ScriptOutcome<R>>;
  replay?(ctx: ScriptRunContext, day: 1 | 2 | 3 | 4): Promise<ReplayOutcome>;
}

/** The three registered scripts, typed by their results (contracts/admin-scripts.ts). */
export type RegisteredScript<Id extends ScriptId = ScriptId> = ScriptDefinition<Id, ScriptResults[Id]>;

/** Any definition the engine can run (the registry's three, or a test script). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyScriptDefinition = ScriptDefinition<string, any>;
