import { randomUUID } from 'node:crypto';
import type { RunDetails, RunTrigger } from '#contracts/admin-scripts';
import { messageText, type DiscordMessage } from '../clients/discord/payload.js';
import type { AppContext } from '../app-context.js';
import { AppError } from '../lib/app-error.js';
import { UpstreamError } from '../lib/upstream-error.js';
import { queueMessages, type DiscordTarget } from './delivery.js';
import { acquireLease, holdsLease, LEASE_RENEW_MS, releaseLease, renewLease } from './lease.repository.js';
import { appendRunErrors, completeRun, insertRun } from './runs.repository.js';
import type { AnyScriptDefinition, ScriptOutcome, ScriptRunContext } from './types.js';
import type { AlertInput } from '../modules/alerts/alerts.service.js';

export interface RunRequest {
  trigger: RunTrigger;
  /** the occurrence served (UTC); its ISO text is the idempotency key (REL-JOB-07) */
  scheduledFor: Date | null;
  /** the idempotency key when it is not the occurrence's time (a catch-up driven by the data) */
  occurrenceKey?: string;
  /** the clan the run is for; the main clan when absent */
  clanTag?: string;
  /** prefixed to the history message, e.g. the catch-up note */
  note?: string;
  /** what to execute; defaults to the definition's run */
  body?: (ctx: ScriptRunContext) => Promise<ScriptOutcome>;
}

export interface RunReport {
  runId: number;
  status: 'completed' | 'failed';
  message: string;
  result: Record<string, unknown> | null;
  details: RunDetails;
  /** the failure, for the HTTP answer */
  error: AppError | null;
}

export type StartResult =
  { kind: 'started'; runId: number; done: Promise<RunReport> } | { kind: 'busy' } | { kind: 'duplicate' };

/** Where the runner reports what the admin must know (modules/alerts). */
export interface AlertRaiser {
  raise(alert: AlertInput): Promise<void>;
}

/** What the runner is given besides the context: alerts, and templates to render messages with. */
export interface RunnerHooks {
  alerts?: AlertRaiser;
  /** renders messages with the admin's templates before they are queued (modules/messages) */
  renderMessages?(messages: DiscordMessage[], clanTag: string): Promise<DiscordMessage[]>;
}

export interface RunnerDeps extends RunnerHooks {
  ctx: AppContext;
  /** where a clan's messages go (its webhook, the bot for direct messages) */
  discord: (clanTag: string) => DiscordTarget;
  /** delivers committed outbox rows and says what failed (scripts/outbox-dispatcher.ts) */
  delivery: { deliver(ids: number[]): Promise<string[]> };
  instanceId: string;
}

/**
 * The one place that runs a script, catches, records and reports (docs/architecture.md §2 errors). The history
 * row and the lease are taken in one transaction; the script's writes, its outbox rows and the
 * completed row commit together, so a failed run leaves no partial rows (docs/architecture.md §4).
 */
/** One script of one clan: what runs once at a time (the lease's key, the runner's and the scheduler's maps). */
export const slotKey = (scriptId: string, clanTag: string): string => `${scriptId} ${clanTag}`;

export class ScriptRunner {
  /** this instance's runs, by slotKey */
  readonly active = new Map<string, { controller: AbortController; done: Promise<RunReport> }>();

  constructor(private readonly deps: RunnerDeps) {}

  async start(def: AnyScriptDefinition, request: RunRequest): Promise<StartResult> {
    // REL-JOB-05: in-process guard first, then the database lease for other instances
    const clanTag = request.clanTag ?? this.deps.ctx.clans.main.tag;
    const slot = slotKey(def.id, clanTag);
    if (this.active.has(slot)) return { kind: 'busy' };
    const { db, clock } = this.deps.ctx;
    const holder = `${this.deps.instanceId}:${randomUUID()}`;
    const startedAt = clock.now();
    const claim = await db.kysely.transaction().execute(async (trx) => {
      if (!(await acquireLease(trx, def.id, clanTag, holder))) return { kind: 'busy' as const };
      const runId = await insertRun(trx, {
        scriptId: def.id,
        clanTag,
        trigger: request.trigger,
        occurrenceKey: request.occurrenceKey ?? request.scheduledFor?.toISOString() ?? null,
        status: 'running',
        message: request.note ? `${request.note} Running…` : 'Running…',
        startedAt: startedAt.toISOString(),
      });
      if (runId === null) {
        await releaseLease(trx, def.id, clanTag, holder);
        return { kind: 'duplicate' as const };
      }
      return { kind: 'started' as const, runId };
    });
    if (claim.kind !== 'started') return claim;
    const controller = new AbortController();
    const done = this.execute(def, { ...request, clanTag }, claim.runId, holder, startedAt, controller).finally(() =>
      this.active.delete(slot),
    );
    this.active.set(slot, { controller, done });
    return { kind: 'started', runId: claim.runId, done };
  }

  private async execute(
    def: AnyScriptDefinition,
    request: RunRequest & { clanTag: string },
    runId: number,
    holder: string,
    startedAt: Date,
    controller: AbortController,
  ): Promise<RunReport> {
    const ctx = this.deps.ctx;
    const { db, clock } = ctx;
    const { clanTag } = request;
    // A run that lost its lease (it expired and another instance took it) stops at once.
    const heartbeat = () =>
      renewLease(db.kysely, def.id, clanTag, holder).then((held) => {
        if (!held && !controller.signal.aborted) controller.abort(new RunAborted(LOST_LEASE));
      });
    const renewTimer = setInterval(
      () => void heartbeat().catch((err: unknown) => ctx.log.warn({ err, scriptId: def.id }, 'lease renewal failed')),
      LEASE_RENEW_MS,
    );
    renewTimer.unref();
    const timeout = setTimeout(
      () => controller.abort(new RunAborted(`Timed out after ${Math.round(def.timeoutMs / 60_000)} minutes.`)),
      def.timeoutMs,
    );
    timeout.unref();
    const runCtx: ScriptRunContext = {
      app: ctx,
      runId,
      scriptId: def.id,
      clanTag,
      trigger: request.trigger,
      scheduledFor: request.scheduledFor,
      clock,
      log: ctx.log.child({ scriptId: def.id, runId }),
      signal: controller.signal,
      heartbeat,
    };
    const note = request.note ? `${request.note} ` : '';
    const elapsed = () => clock.now().getTime() - startedAt.getTime();
    try {
      const outcome = await untilAborted((request.body ?? def.run)(runCtx), controller.signal);
      const built = outcome.discord ?? [];
      const messages = this.deps.renderMessages ? await this.deps.renderMessages(built, clanTag) : built;
      // The clan's own webhook (the main clan's falls back to DISCORD_WEBHOOK_URL); a family clan without one keeps
      // its messages in the outbox (docs/decisions/104-per-clan-webhooks.md).
      const target = this.deps.discord(clanTag);
      const details: RunDetails = {
        discordMessage: messages.length > 0 ? messages.map(messageText).join('\n\n') : null,
        outputs: outcome.outputs ?? [],
        errors: outcome.errors ?? [],
        dataProcessed: outcome.dataProcessed ?? null,
      };
      const message = `${note}${outcome.message}`;
      const queued = await db.kysely.transaction().execute(async (trx) => {
        if (controller.signal.aborted) throw controller.signal.reason;
        if (!(await holdsLease(trx, def.id, clanTag, holder))) throw new RunAborted(LOST_LEASE);
        await outcome.write?.(trx);
        const ids = await queueMessages(trx, { runId, scriptId: def.id, clanTag }, messages, target, clock.now());
        const completed = await completeRun(trx, runId, {
          status: 'completed',
          message,
          finishedAt: clock.now().toISOString(),
          durationMs: elapsed(),
          details,
        });
        if (!completed)
          throw new RunAborted('This run had already been marked interrupted; its results were discarded.');
        return ids;
      });
      // Committed: the run is done whatever happens next. Its messages are in the outbox, which sends them once
      // (now, or when the database is back if it went away just now).
      const deliveryErrors = await this.deliverAfterCommit(queued, runId);
      if (target.configProblem && messages.length > 0) deliveryErrors.push(target.configProblem);
      await appendRunErrors(db.kysely, runId, deliveryErrors).catch((err: unknown) => {
        if (!ctx.db.status.failed(err)) throw err;
      });
      details.errors.push(...deliveryErrors);
      return {
        runId,
        status: 'completed',
        message,
        result: outcome.result as Record<string, unknown>,
        details,
        error: null,
      };
    } catch (err) {
      const reason = failureText(err);
      const message = `${note}${reason}`;
      const details: RunDetails = { discordMessage: null, outputs: [], errors: [reason], dataProcessed: null };
      // Failures written for a clan leader (an API outage) are expected; anything else is a bug.
      if (hasUserMessage(err)) runCtx.log.warn({ reason }, 'script run failed');
      else if (!(err instanceof AppError) && !(err instanceof RunAborted))
        runCtx.log.error({ err }, 'script run failed');
      const interrupted = err instanceof RunAborted && reason.startsWith('Interrupted');
      try {
        await completeRun(db.kysely, runId, {
          status: 'failed',
          message,
          finishedAt: clock.now().toISOString(),
          durationMs: elapsed(),
          details,
        });
        await this.deps.alerts?.raise({
          kind: interrupted ? 'run-interrupted' : 'run-failed',
          subject: `${def.name}: ${interrupted ? 'a run was interrupted' : 'a run failed'}`,
          message,
          runId,
        });
      } catch (recordErr) {
        // The database went away during the run: its row stays "running" until its lease lapses, then it is marked
        // interrupted and run again where its script allows (scripts/attempt-again.ts).
        if (!ctx.db.status.failed(recordErr)) throw recordErr;
      }
      const error = err instanceof AppError ? err : new AppError(500, 'SCRIPT_FAILED', reason);
      return { runId, status: 'failed', message, result: null, details, error };
    } finally {
      clearInterval(renewTimer);
      clearTimeout(timeout);
      await releaseLease(db.kysely, def.id, clanTag, holder).catch((err: unknown) =>
        ctx.log.warn({ err }, 'lease release failed'),
      );
    }
  }

  /** Delivers a committed run's messages; a database gone away meanwhile leaves them to the outbox's next pass. */
  private async deliverAfterCommit(ids: number[], runId: number): Promise<string[]> {
    try {
      return await this.deps.delivery.deliver(ids);
    } catch (err) {
      if (!this.deps.ctx.db.status.failed(err)) throw err;
      this.deps.ctx.log.warn({ runId }, 'Discord delivery waits for the database; the outbox sends it once it is back');
      return ['Discord delivery waits for the database to answer again; the outbox sends it then.'];
    }
  }

  /** Aborts every run of this instance (shutdown) and waits for their rows to be completed. */
  async abortAll(reason: string): Promise<void> {
    const runs = [...this.active.values()];
    for (const r of runs) r.controller.abort(new RunAborted(reason));
    await Promise.allSettled(runs.map((r) => r.done));
  }
}

const LOST_LEASE =
  'Stopped: this run lost its lock on the script (another server took it over after missing heartbeats). Nothing from it was saved.';

/** An abort the runner itself caused (timeout, shutdown); its message is the history text. */
export class RunAborted extends Error {}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    work.then(resolve, reject);
  });
}

/**
 * The history text of a failure: AppError, our aborts and typed client errors (UpstreamError's
 * `userMessage`) are written for a clan leader; anything else may hold SQL or paths,
 * so it is logged and summarised (SEC-ERR-01).
 */
function hasUserMessage(err: unknown): boolean {
  return err instanceof Error && typeof (err as { userMessage?: unknown }).userMessage === 'string';
}

function failureText(err: unknown): string {
  if (err instanceof AppError || err instanceof RunAborted) return err.message;
  if (err instanceof UpstreamError && err.userMessage) return err.userMessage;
  return 'The script stopped with an unexpected error (details are in the server log).';
}
