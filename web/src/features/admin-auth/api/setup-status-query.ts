import { queryOptions } from '@tanstack/react-query';
import { setupStatusResponseSchema } from '#contracts/setup-status';
import { apiRequest } from '#web/lib/api-client';

/** Whether the login page shows where the generated first password is; asked again on every visit. */
export const setupStatusQuery = queryOptions({
  queryKey: ['/api/admin/setup-status'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/setup-status', setupStatusResponseSchema, { signal }),
  staleTime: 0,
  retry: false,
});
