import { z } from 'zod';

/** GET /healthz: the process answers and the database does (docs/architecture.md §1, docs/deploy.md). */
const engine = z.enum(['sqlite', 'postgres']);

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  /** the running version (package.json, CHANGELOG.md) */
  version: z.string(),
  database: z.object({ status: z.literal('ok'), engine }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** 503: the database does not answer; the body is an error body with the same shape beside it. */
export const healthFailureSchema = z.object({
  status: z.literal('error'),
  version: z.string(),
  /** `reason`: why, in words (PostgreSQL stopped, restarting, unreachable…) */
  database: z.object({ status: z.literal('error'), engine, reason: z.string() }),
  error: z.string(),
  code: z.string(),
});
export type HealthFailure = z.infer<typeof healthFailureSchema>;
