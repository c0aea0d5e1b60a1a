import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../modules/auth/log-redaction.js';

export interface RequestLogOptions {
  /** a request that took longer than this is logged at info whatever its status */
  slowMs?: number;
  /** how long the request took, in ms; Fastify's hrtime measure unless a test injects one */
  durationMs?: (reply: FastifyReply) => number;
}

/** Requests slower than this are worth a line at info (docs/architecture.md §9, request logging). */
export const SLOW_REQUEST_MS = 1000;

const elapsed = (reply: FastifyReply) => reply.elapsedTime;

/** What the server's logger lets through, read on the first answer (the level is set at start and never changes). */
type Mode = 'off' | 'notable' | 'every';

/**
 * One log line per request worth reading (docs/decisions/040-request-logging.md), written by Fastify's own log
 * controller (the `logController` option): Fastify's two lines per request are off, so a cached 2xx answer writes
 * nothing. 4xx/5xx answers and slow requests are logged at info; at debug level every request is. The line carries
 * the request id (the request's child logger), method, redacted URL, status and duration.
 *
 * Fastify calls `requestCompleted` when the response has finished, from the listener it attaches to every response
 * of an app with a logger; an `onResponse` hook would add a hook run to every request on top of that
 * (docs/decisions/074-api-hot-path.md).
 */
export class RequestLogController extends LogController {
  private readonly slowMs: number;
  private readonly durationMs: (reply: FastifyReply) => number;
  private mode: Mode | undefined;

  constructor(options: RequestLogOptions = {}) {
    // Off for Fastify's own request lines (incoming, completed, its default error handler's); ours are below.
    super({ disableRequestLogging: true });
    this.slowMs = options.slowMs ?? SLOW_REQUEST_MS;
    this.durationMs = options.durationMs ?? elapsed;
  }

  private modeOf(request: FastifyRequest): Mode {
    // With logging off (`logger: false`) the logger has no levels at all.
    const log = request.server.log as { isLevelEnabled?: (level: string) => boolean };
    const enabled = (level: string) => log.isLevelEnabled?.(level) === true;
    return enabled('debug') ? 'every' : enabled('info') ? 'notable' : 'off';
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const mode = (this.mode ??= this.modeOf(request));
    if (mode === 'off') return;
    const statusCode = reply.statusCode;
    const ms = this.durationMs(reply);
    const notable = statusCode >= 400 || ms > this.slowMs;
    if (!notable && mode !== 'every') return;
    const line = { method: request.method, url: redactUrl(request.url), statusCode, durationMs: Math.round(ms) };
    if (notable) request.log.info(line, 'request completed');
    else request.log.debug(line, 'request completed');
  }
}

/** For Fastify's `logController` option: its own per-request lines off, one line per notable request instead. */
export const requestLogging = (options?: RequestLogOptions): LogController => new RequestLogController(options);
