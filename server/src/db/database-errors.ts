/**
 * What a database failure means for an operator: a reason in words, and whether it is one the next try may fix
 * (PostgreSQL stopped, restarting or still starting; the network between) rather than a setting to change.
 */
export interface DatabaseProblem {
  reason: string;
  /** true when waiting and trying again may succeed (docs/decisions/062-failed-start-exit-status.md) */
  transient: boolean;
}

/** Error codes of the socket and of PostgreSQL (SQLSTATE) that say the server is away, not that we asked wrongly. */
const AWAY: Record<string, string> = {
  ECONNREFUSED: 'PostgreSQL refuses connections (ECONNREFUSED): it is stopped, or not started yet',
  ECONNRESET: 'the connection to PostgreSQL was reset (ECONNRESET)',
  EPIPE: 'the connection to PostgreSQL was cut (EPIPE)',
  ETIMEDOUT: 'PostgreSQL did not answer in time (ETIMEDOUT)',
  EHOSTUNREACH: 'the database host cannot be reached (EHOSTUNREACH)',
  ENETUNREACH: 'the network to the database host is down (ENETUNREACH)',
  EAI_AGAIN: 'the database host name cannot be resolved right now (EAI_AGAIN)',
  ENOTFOUND: 'the database host name does not resolve (ENOTFOUND); its container or machine may not be up yet',
  '57P01': 'PostgreSQL was shut down by its administrator (57P01)',
  '57P02': 'PostgreSQL shut down after a crash of one of its processes (57P02)',
  '57P03': 'PostgreSQL is starting up or shutting down (57P03)',
  '08000': 'the connection to PostgreSQL failed (08000)',
  '08001': 'PostgreSQL could not be connected to (08001)',
  '08003': 'the connection to PostgreSQL is gone (08003)',
  '08006': 'the connection to PostgreSQL failed (08006)',
  '53300': 'PostgreSQL has no free connection slots (53300)',
};

/** pg's own errors for a connection that dropped or never came, which carry no code. */
const AWAY_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/i, 'the connection to PostgreSQL was cut'],
  [/timeout exceeded when trying to connect/i, 'PostgreSQL did not accept a connection within 5 s'],
  [/connection error and is not queryable/i, 'the connection to PostgreSQL was cut'],
];

function codeOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function messagesOf(err: unknown): string[] {
  const out: string[] = [];
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error) out.push(e.message);
    e = typeof e === 'object' ? (e as { cause?: unknown }).cause : undefined;
  }
  return out;
}

export function describeDatabaseError(err: unknown): DatabaseProblem {
  const code = codeOf(err);
  if (code && AWAY[code]) return { reason: AWAY[code], transient: true };
  for (const message of messagesOf(err)) {
    for (const [pattern, reason] of AWAY_MESSAGES) if (pattern.test(message)) return { reason, transient: true };
  }
  const first = messagesOf(err)[0] ?? String(err);
  return { reason: `${first.split('\n')[0]}${code ? ` (${code})` : ''}`, transient: false };
}

/** A failure because the database is away (503 to a request, a pause for the scheduler), not a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return describeDatabaseError(err).transient;
}
