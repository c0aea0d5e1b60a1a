import { errorBodySchema } from '#contracts/common';

/**
 * The failure statuses a route answers, each with the one error body `{ error, code }`
 * (plugins/error-handler.ts). 500 and 503 are always listed: any route can fail unexpectedly, and any route that
 * reads the database answers 503 `DB_UNAVAILABLE` while it is away.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S | 500 | 503, typeof errorBodySchema> {
  const out = { 500: errorBodySchema, 503: errorBodySchema } as Record<S | 500 | 503, typeof errorBodySchema>;
  for (const status of statuses) out[status] = errorBodySchema;
  return out;
}

/** What the admin scope adds to every route: no or a stale session (401), a password to change first (403). */
export const ADMIN_ERRORS = [401, 403] as const;
/** What a JSON body can fail with before the handler: invalid (400), too large (413), not JSON (415). */
export const BODY_ERRORS = [400, 413, 415] as const;
