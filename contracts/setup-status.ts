import { z } from 'zod';

/**
 * GET /api/admin/setup-status, public: whether this is a fresh install whose generated admin
 * password is still the one printed in the server log, so the login page can say where to find
 * it (docs/decisions/061-first-run-page.md). It carries nothing else: no username, no password.
 */
export const setupStatusResponseSchema = z.object({ firstRun: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusResponseSchema>;

/** Words of the log line that prints the generated password, for a search through the log. */
export const GENERATED_PASSWORD_LOG_TEXT = 'with the generated password';
