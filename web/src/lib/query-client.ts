import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { FRESHNESS_MS } from '#contracts/freshness';
import { fetchOk } from './api-client';
import { ApiError } from './api-error';

type On401 = 'throw' | 'returnNull';

/**
 * docs/product.md §7: the first element of the query key is the GET URL, credentials included,
 * JSON body. The public bundle carries no zod, so these answers are typed by their contracts but
 * not parsed.
 */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      const res = await fetchOk(String(queryKey[0]), { signal });
      return (await res.json()) as T;
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

/** One query client: no retries, no refetch on focus or interval, per-endpoint freshness (docs/product.md §9). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  for (const [url, ms] of Object.entries(FRESHNESS_MS)) {
    client.setQueryDefaults([url], { staleTime: ms });
  }
  return client;
}
