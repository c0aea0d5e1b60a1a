import { UpstreamError } from '../../lib/upstream-error.js';
import { AppError } from '../../lib/app-error.js';

const LATER = ['inMaintenance', 'requestThrottled', 'budget'];

/**
 * With no saved value at all, an upstream failure becomes 503 (come back later: maintenance, throttling, our own
 * request budget) or 502 (upstream broken).
 */
export function toPublicError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof UpstreamError) {
    const status = LATER.includes(err.reason) ? 503 : 502;
    const code = `CR_${err.reason
      .replace(/\./g, '_')
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toUpperCase()}`;
    return new AppError(status, code, err.userMessage);
  }
  return new AppError(
    502,
    'UPSTREAM_ERROR',
    'Clan data could not be loaded right now. Please try again in a few minutes.',
  );
}
