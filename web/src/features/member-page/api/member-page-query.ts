import { queryOptions } from '@tanstack/react-query';
import { FRESHNESS_MS } from '#contracts/freshness';
import type { MemberPageResponse } from '#contracts/member-page';

/** docs/product.md §7: the key is the URL; kept an hour in the browser, like the war records. */
export const memberPageQuery = (tag: string) =>
  queryOptions<MemberPageResponse>({
    queryKey: [`/api/clan/members/${encodeURIComponent(tag)}/history`],
    staleTime: FRESHNESS_MS['/api/clan/members/{tag}/history'],
  });
