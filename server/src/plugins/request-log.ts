import { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { redactUrl } from '../modules/auth/log-redaction.js';

export interface RequestLogOptions {
  /** a request that took longer than this is logged at info whatever its status */
  slowMs?: number;
  /** how long the request took, in ms; Fastify's hrtime measure unless a test injects one */
  durationMs?: (reply: FastifyReply) => number;
}

/** Requests slower than this are worth a line at info (docs/architecture.md §9, request logging). */
export const SLOW_REQUEST_MS = 1000;

/** For Fastify's `logController` option: its own per-request lines off (this plugin writes the useful one). */
export const quietRequestLogging = (): LogController => new LogController({ disableRequestLogging: true });

const elapsed = (reply: FastifyReply) => reply.elapsedTime;

/**
 * One log line per request worth reading (docs/decisions/040-request-logging.md): Fastify's own
 * two lines per request are off (`quietRequestLogging`), so a cached 2xx answer writes nothing.
 * 4xx/5xx answers and slow requests are logged at info; at debug level every request is. The
 * line carries the request id (the request's child logger), method, redacted URL, status and
 * duration. The level is read once, at start.
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions = {}): void {
  const slowMs = options.slowMs ?? SLOW_REQUEST_MS;
  const durationMs = options.durationMs ?? elapsed;
  // With logging off (`logger: false`) the logger has no levels at all.
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  const enabled = (level: string) => log.isLevelEnabled?.(level) === true;
  const everyRequest = enabled('debug');
  if (!everyRequest && !enabled('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const ms = durationMs(reply);
    const notable = statusCode >= 400 || ms > slowMs;
    if (notable || everyRequest) {
      const line = { method: request.method, url: redactUrl(request.url), statusCode, durationMs: Math.round(ms) };
      if (notable) request.log.info(line, 'request completed');
      else request.log.debug(line, 'request completed');
    }
    done();
  });
}
