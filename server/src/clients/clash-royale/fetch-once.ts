import { ClashRoyaleApiError, reasonFor } from './errors.js';
import { errorBodySchema } from './schemas.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One HTTP attempt: returns the parsed JSON body of a 200, or throws a typed error. */
export async function fetchOnce(
  doFetch: FetchLike,
  url: string,
  endpoint: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { method: 'GET', headers, signal });
    text = await response.text();
  } catch (err) {
    const reason = signal.aborted ? 'timeout' : 'network';
    throw new ClashRoyaleApiError({ status: null, endpoint, reason, cause: err });
  }
  if (response.status === 200) {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new ClashRoyaleApiError({
        status: 200,
        endpoint,
        reason: 'badResponse',
        apiMessage: 'body is not JSON',
        cause: err,
      });
    }
  }
  const body = errorBodySchema.safeParse(safeJson(text));
  const apiReason = body.success ? body.data.reason : undefined;
  throw new ClashRoyaleApiError({
    status: response.status,
    endpoint,
    reason: reasonFor(response.status, apiReason),
    apiMessage: body.success ? body.data.message : undefined,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A non-JSON error page (proxy, load balancer): the status alone tells the reason.
    return {};
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
