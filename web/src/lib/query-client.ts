import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { FRESHNESS_MS } from '../../../contracts/freshness';

/** docs/product.md §8: a non-OK answer becomes "<status>: <body text or status text>". */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

type On401 = 'throw' | 'returnNull';

/** docs/product.md §7: the first element of the query key is the GET URL, credentials included, JSON body. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
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
