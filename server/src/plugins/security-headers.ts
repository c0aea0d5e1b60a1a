import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';

/**
 * Strict headers for the SPA and the API (docs/security.md §13 A.7): no inline scripts
 * except the JSON-LD data block (not executable), no third-party origins, no framing.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * Helmet decides the headers; they do not depend on the request (no nonces), so they are
 * computed once at start and copied onto every reply. Running helmet per request cost about a
 * third of the cached public API's throughput (docs/architecture.md §9 budget).
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('Invalid security header options');
  return headers;
}

/** SEC-HDR-03: one year, this host only (a clan's other subdomains may not have TLS). */
const HSTS = 'max-age=31536000';
/** SEC-HDR-01: an API answer is data, never a document: it may load nothing and sit in no frame. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * What a JSON answer needs of the page's headers (docs/security.md §8, docs/decisions/041-api-headers.md):
 * no sniffing, no referrer, no framing, no cross-origin reads or opener. The page-only ones (Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) do nothing
 * for a JSON body and are left off /api/* answers.
 */
const API_KEEPS = [
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
] as const;

/**
 * The page's headers on every page and asset; /api/* answers get the API CSP and only the headers
 * a JSON answer needs; both get HSTS when PUBLIC_URL is https (the browser reached us over TLS,
 * through a proxy or not). Both objects are built once, at start.
 */
export function securityHeaderSets(config: Pick<Config, 'PUBLIC_URL'>): {
  page: Record<string, string>;
  api: Record<string, string>;
} {
  const page = computeSecurityHeaders();
  if (config.PUBLIC_URL.startsWith('https:')) page['strict-transport-security'] = HSTS;
  const api: Record<string, string> = { 'content-security-policy': API_CSP };
  for (const name of API_KEEPS) if (page[name] !== undefined) api[name] = page[name];
  return { page, api };
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL'>): Promise<void> {
  const { page, api } = securityHeaderSets(config);
  // One reply.headers() call per request with an object built at start.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? api : page);
    done();
  });
}
