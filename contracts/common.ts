import { z } from 'zod';

/** Every failure body (docs/product.md §7: "Failure responses carry an error field"). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** ISO-8601 UTC timestamp string (docs/decisions/002-timestamps.md). */
export const isoTimestampSchema = z.string();
