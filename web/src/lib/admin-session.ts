import { useSyncExternalStore } from 'react';
import {
  adminUserSchema,
  sessionResponseSchema,
  TOKEN_REFRESH_THRESHOLD_MS,
  type AdminUser,
  type SessionResponse,
} from '#contracts/admin-auth';
import { toast } from '../components/ui/toaster';
import { apiRequest, fetchOk, type ResponseParser } from './api-client';
import { ApiError } from './api-error';

/**
 * The admin session (docs/product.md §4): token and user in local storage, restored on reload,
 * cleared on logout; a refresh before each authenticated call when under 1 hour remains.
 */
export interface AdminSession {
  token: string;
  user: AdminUser;
}

export const SESSION_EXPIRED_MESSAGE = 'Authentication session expired. Please log in again.';
const TOKEN_KEY = 'clanops.adminToken';
const USER_KEY = 'clanops.adminUser';

function readStored(): AdminSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = adminUserSchema.safeParse(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null'));
    return token && user.success ? { token, user: user.data } : null;
  } catch {
    return null;
  }
}

let current: AdminSession | null = typeof localStorage === 'undefined' ? null : readStored();
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function setSession(next: AdminSession | null): void {
  current = next;
  if (next) {
    localStorage.setItem(TOKEN_KEY, next.token);
    localStorage.setItem(USER_KEY, JSON.stringify(next.user));
  } else {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  }
  listeners.forEach((l) => l());
}

export function getAdminSession(): AdminSession | null {
  return current;
}

/** Stores a login, refresh or change-password answer. */
export function saveAdminSession(res: SessionResponse): void {
  setSession({ token: res.token, user: res.user });
}

export function updateAdminUser(patch: Partial<AdminUser>): void {
  if (current) setSession({ ...current, user: { ...current.user, ...patch } });
}

export function clearAdminSession(): void {
  setSession(null);
}

export function expireAdminSession(): void {
  setSession(null);
  toast({ title: SESSION_EXPIRED_MESSAGE, variant: 'error' });
}

/** Milliseconds-since-epoch expiry from the token's `exp` claim, or null when unreadable. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

let refreshing: Promise<string> | null = null;

/** The session-expired failure, worded as docs/product.md §8 wants it (no server answer behind it). */
const sessionExpired = () =>
  new ApiError(
    401,
    'SESSION_EXPIRED',
    `401: ${JSON.stringify({ error: SESSION_EXPIRED_MESSAGE })}`,
    SESSION_EXPIRED_MESSAGE,
  );

/** The token to send: refreshed first when under 1 hour remains (one refresh at a time). */
async function freshToken(): Promise<string> {
  const session = current;
  if (!session) throw sessionExpired();
  const expiresAt = tokenExpiresAt(session.token);
  if (expiresAt !== null && expiresAt - Date.now() >= TOKEN_REFRESH_THRESHOLD_MS) return session.token;
  refreshing ??= apiRequest('POST', '/api/admin/refresh-token', sessionResponseSchema, { token: session.token })
    .then((res) => {
      saveAdminSession(res);
      return res.token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** An authenticated call; a failed refresh or a 401 answer logs out with the session-expired message. */
export async function adminRequest<T>(
  method: string,
  url: string,
  schema: ResponseParser<T>,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let token: string;
  try {
    token = await freshToken();
  } catch {
    expireAdminSession();
    throw sessionExpired();
  }
  try {
    return await apiRequest(method, url, schema, { ...options, token });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) expireAdminSession();
    throw err;
  }
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** An authenticated file download (CSV exports): the body and the file name the server gave it. */
export async function adminDownload(url: string): Promise<{ blob: Blob; fileName: string }> {
  let token: string;
  try {
    token = await freshToken();
  } catch {
    expireAdminSession();
    throw sessionExpired();
  }
  try {
    const res = await fetchOk(url, { headers: { Authorization: `Bearer ${token}` } });
    const disposition = res.headers.get('content-disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.csv';
    return { blob: await res.blob(), fileName };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) expireAdminSession();
    throw err;
  }
}

/** Saves a downloaded file through a temporary link (the browser's own download). */
export function saveFile(file: { blob: Blob; fileName: string }): void {
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
