import { useQuery } from '@tanstack/react-query';
import { auditResponseSchema } from '#contracts/admin-auth';
import { adminRequest } from '#web/lib/admin-session';

const AUDIT_URL = '/api/admin/audit';

/** The newest message-template changes; fetched whenever Account Settings opens. */
export const useAuditEvents = () =>
  useQuery({
    queryKey: [AUDIT_URL],
    queryFn: ({ signal }) => adminRequest('GET', AUDIT_URL, auditResponseSchema, { signal }),
    staleTime: 0,
  });
