import type { FastifyRequest } from 'fastify';

/** Replaces the value of any `token` query parameter (reset links) with a placeholder. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** SEC-RST-04, SEC-LOG-01: request log lines never carry a reset token from the URL. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
