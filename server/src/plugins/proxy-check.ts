import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { UNTRUSTED_PROXY_WARNING } from '../config/startup-warnings.js';

/**
 * SEC-LOGIN-04: with TRUST_PROXY unset the forwarded address is ignored (a spoofed header never
 * gives a new bucket), but a header that arrives at all usually means a proxy that the operator
 * forgot to declare: warn once, in the log and on the admin system card.
 */
export function registerProxyCheck(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.TRUST_PROXY !== undefined) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      ctx.warnings.raise('untrusted-proxy', UNTRUSTED_PROXY_WARNING);
    }
    done();
  });
}
