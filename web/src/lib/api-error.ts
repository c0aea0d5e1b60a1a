import type { ErrorBody } from '#contracts/common';

/** docs/product.md §8: what a person sees when a request never reached the server. */
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';

/**
 * The one error the fetch layer throws (docs/product.md §8). `message` keeps the catalogue's
 * "<status>: <body text or status text>"; `userMessage` is the server's `error` text, written for
 * the clan leader, which banners and toasts show. A request that never reached the server has
 * status 0 and code `NETWORK_ERROR`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** the server's machine-readable `code`, or `HTTP_<status>` when the body has none */
    readonly code: string,
    message: string,
    /** the text for the person: the server's `error`, or null when the answer carries none */
    readonly userMessage: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** A page-side guard for the failure body (the public bundle carries no zod). */
function errorBody(text: string): Partial<ErrorBody> {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return {};
    const { error, code } = body as Record<string, unknown>;
    return {
      error: typeof error === 'string' && error ? error : undefined,
      code: typeof code === 'string' && code ? code : undefined,
    };
  } catch {
    return {};
  }
}

/** The ApiError of a non-OK answer, read from its `{ error, code }` body. */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const body = errorBody(text);
  return new ApiError(
    res.status,
    body.code ?? `HTTP_${res.status}`,
    `${res.status}: ${text || res.statusText}`,
    body.error ?? null,
  );
}

/** fetch rejects with a TypeError in every browser when the request cannot be made (offline, DNS, CORS). */
export function networkError(cause: TypeError): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, { cause });
}

/** The text a banner or toast shows for a failed call: the server's words, else the card's fallback. */
export function errorText(err: unknown, fallback: string): string {
  return (err instanceof ApiError && err.userMessage) || fallback;
}
