import { queryOptions } from '@tanstack/react-query';
import { captchaResponseSchema } from '../../../../../contracts/admin-auth';
import { apiRequest } from '../../../lib/api-client';

/** A captcha is single-use: fetched on every mount and on every reload, never kept (docs/product.md §4). */
export const captchaQuery = queryOptions({
  queryKey: ['/api/admin/captcha'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/captcha', captchaResponseSchema, { signal }),
  staleTime: 0,
  gcTime: 0,
});
