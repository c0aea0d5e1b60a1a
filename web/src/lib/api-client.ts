import { ApiError, apiErrorFrom, networkError } from './api-error';

/** What reads a response body into its type: a contract schema (zod) in the admin chunk. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/**
 * The one fetch layer: credentials included, network failures and non-OK answers thrown as
 * ApiError (docs/product.md §7, §8). An abort passes through untouched.
 */
export async function fetchOk(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include', ...init });
  } catch (err) {
    throw err instanceof TypeError ? networkError(err) : err;
  }
  if (!res.ok) throw await apiErrorFrom(res);
  return res;
}

/** A JSON call whose answer is parsed by its contract schema. */
export async function apiRequest<T>(
  method: string,
  url: string,
  schema: ResponseParser<T>,
  options: { body?: unknown; token?: string | null; signal?: AbortSignal } = {},
): Promise<T> {
  const { body, token, signal } = options;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetchOk(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  try {
    return schema.parse(text ? JSON.parse(text) : null);
  } catch (cause) {
    throw new ApiError(
      res.status,
      'INVALID_RESPONSE',
      `${res.status}: the answer of ${method} ${url} does not match its contract`,
      null,
      { cause },
    );
  }
}
