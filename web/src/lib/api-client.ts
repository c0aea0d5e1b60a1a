import { throwIfResNotOk } from './query-client';

/** A JSON request with the docs/product.md §8 error message on non-OK answers. */
export async function apiRequest<T>(method: string, url: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The server's `error` field out of "<status>: <body>" (the UI shows it as the message). */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return err.message === 'Failed to fetch' ? 'Network error occurred' : err.message || fallback;
  try {
    const body = JSON.parse(match[1] ?? '') as { error?: unknown };
    return typeof body.error === 'string' && body.error ? body.error : fallback;
  } catch {
    return match[1] || fallback;
  }
}
