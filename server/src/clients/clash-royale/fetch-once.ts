import { ClashRoyaleApiError, reasonFor } from './errors.js';
import { errorBodySchema } from './schemas.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A full river race log is about 1.9 MB (docs/clash-royale-api.md §6.4): 8 MiB leaves room, and no more. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

class BodyTooLarge extends Error {}

/** A 200 answer: its JSON body and how long the API says it stays the same (`cache-control: max-age`). */
export interface FetchedBody {
  body: unknown;
  maxAgeSeconds: number | null;
}

/**
 * One HTTP attempt: returns the parsed JSON body of a 200, or throws a typed error.
 * SEC-OUT-01: redirects are never followed (the bearer token would go with them): a 3xx is
 * refused as `redirected`; a body over `maxBytes` is refused as `badResponse` without being read.
 */
export async function fetchOnce(
  doFetch: FetchLike,
  url: string,
  endpoint: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes = MAX_BODY_BYTES,
): Promise<FetchedBody> {
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { method: 'GET', headers, signal, redirect: 'error' });
    text = await readCapped(response, maxBytes);
  } catch (err) {
    if (err instanceof BodyTooLarge) {
      throw new ClashRoyaleApiError({ status: null, endpoint, reason: 'badResponse', apiMessage: err.message });
    }
    const reason = signal.aborted ? 'timeout' : isRedirectRefusal(err) ? 'redirected' : 'network';
    throw new ClashRoyaleApiError({ status: null, endpoint, reason, cause: err });
  }
  if (response.status === 200) {
    try {
      return { body: JSON.parse(text) as unknown, maxAgeSeconds: maxAgeOf(response.headers.get('cache-control')) };
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

/** fetch with `redirect: 'error'` rejects a 3xx with a TypeError whose cause says so (undici). */
function isRedirectRefusal(err: unknown): boolean {
  const cause = err instanceof Error ? (err.cause as { message?: unknown } | undefined) : undefined;
  return err instanceof TypeError && typeof cause?.message === 'string' && /redirect/i.test(cause.message);
}

/** The body as text, refused as soon as it (or its announced length) passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new BodyTooLarge(`body larger than ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A non-JSON error page (proxy, load balancer): the status alone tells the reason.
    return {};
  }
}

/** `max-age` of a Cache-Control header, in seconds (docs/clash-royale-api.md §3). */
export function maxAgeOf(value: string | null): number | null {
  const m = /(?:^|,)\s*max-age=(\d+)/i.exec(value ?? '');
  return m ? Number(m[1]) : null;
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
