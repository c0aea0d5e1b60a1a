import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.js';
import type { DatabaseStatus } from '../db/database-status.js';

/**
 * One error handler: every failure becomes { error, code } with the right status.
 * 5xx details are logged, never sent (SEC-ERR-01, docs/security.md).
 */
export function registerErrorHandler(app: FastifyInstance, database: DatabaseStatus): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode === 503) request.log.warn({ code: err.code }, 'request refused: server busy');
      else if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send({ error: err.message, code: err.code });
    }
    if (err instanceof ZodError) {
      // A URL whose parameter names nothing (an unknown table) is not found, with the contract's message.
      if ((err as { validationContext?: string }).validationContext === 'params') {
        return reply.status(404).send({ error: err.issues[0]?.message ?? 'Not found', code: 'NOT_FOUND' });
      }
      return reply.status(400).send({ error: humanZodMessage(err), code: 'VALIDATION_ERROR' });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    // PostgreSQL stopped or restarting: a clean "try again", logged once for the whole outage (db/database-status.ts).
    if (status >= 500 && database.failed(err)) {
      reply.header('retry-after', '30');
      return reply.status(503).send({
        error: 'The database is not reachable right now. Please try again in a minute.',
        code: 'DB_UNAVAILABLE',
      });
    }
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply
        .status(500)
        .send({ error: 'Something went wrong on the server. Please try again.', code: 'INTERNAL_ERROR' });
    }
    const known: Record<string, [string, string]> = {
      FST_ERR_CTP_INVALID_MEDIA_TYPE: ['Unsupported content type: send JSON.', 'UNSUPPORTED_MEDIA_TYPE'],
      FST_ERR_CTP_BODY_TOO_LARGE: ['The request body is too large.', 'PAYLOAD_TOO_LARGE'],
      FST_ERR_CTP_INVALID_JSON_BODY: ['The request body is not valid JSON.', 'INVALID_JSON'],
      FST_ERR_CTP_EMPTY_JSON_BODY: ['The request body is empty.', 'INVALID_JSON'],
    };
    const code = (err as FastifyError).code ?? '';
    const [message, appCode] = known[code] ?? [
      status === 400 ? 'The request is not valid.' : 'The request could not be processed.',
      'BAD_REQUEST',
    ];
    return reply.status(status).send({ error: message, code: appCode });
  });
}

export function humanZodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
