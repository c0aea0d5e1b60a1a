import { mapSettled } from '../../lib/concurrency.js';
import { UpstreamError } from '../../lib/upstream-error.js';

/** A call the request budget refused (reason `budget`, docs/decisions/101-request-budget.md): it was never sent. */
export function isBudgetRefusal(err: unknown): err is UpstreamError {
  return err instanceof UpstreamError && err.reason === 'budget';
}

/** For a `.catch` that reads a failed profile as null: a budget refusal still fails the refresh. */
export function nullUnlessRefused(err: unknown): null {
  if (isBudgetRefusal(err)) throw err;
  return null;
}

/**
 * `load` for each item, at most `limit` at once; a failed one gives null. A budget refusal stops asking and fails
 * the whole refresh, so the public cache serves the last full table (stale) rather than caching one of nulls.
 */
export async function settledWithinBudget<T, R>(
  items: readonly T[],
  limit: number,
  load: (item: T) => Promise<R>,
): Promise<(R | null)[]> {
  let refused: UpstreamError | null = null;
  const results = await mapSettled(items, limit, async (item) => {
    if (refused) throw refused;
    try {
      return await load(item);
    } catch (err) {
      if (isBudgetRefusal(err)) refused ??= err;
      throw err;
    }
  });
  if (refused) throw refused;
  return results.map((r) => (r.status === 'fulfilled' ? r.value : null));
}
