import { queryOptions } from '@tanstack/react-query';
import { captchaResponseSchema } from '#contracts/admin-auth';
import { apiRequest } from '#web/lib/api-client';

/**
 * Where a form fetches its captcha: the login form under the device cookie's path, so the admin's
 * own browser is limited on its own and not with everyone behind its address.
 */
export type CaptchaPath = '/api/admin/login/captcha' | '/api/admin/captcha';

/** A captcha is single-use: fetched on every mount and on every reload, never kept (docs/product.md §4). */
export const captchaQuery = (path: CaptchaPath) =>
  queryOptions({
    queryKey: [path],
    queryFn: ({ signal }) => apiRequest('GET', path, captchaResponseSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
