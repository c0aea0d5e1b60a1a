import { useQuery } from '@tanstack/react-query';
import {
  adminMembersResponseSchema,
  alertsResponseSchema,
  reminderSettingsSchema,
  templatesResponseSchema,
} from '#contracts/admin-reminders';
import { absencesResponseSchema } from '#contracts/admin-members';
import type { ResponseParser } from '#web/lib/api-client';
import { adminRequest } from '#web/lib/admin-session';

export const reminderKeys = {
  settings: ['/api/admin/reminders'] as const,
  members: ['/api/admin/members'] as const,
  templates: ['/api/admin/templates'] as const,
  alerts: ['/api/admin/alerts'] as const,
  absences: ['/api/admin/absences'] as const,
};

function useAdminGet<T>(key: readonly [string], schema: ResponseParser<T>) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminRequest('GET', key[0], schema, { signal }),
    staleTime: 0,
  });
}

export const useReminderSettings = () => useAdminGet(reminderKeys.settings, reminderSettingsSchema);
export const useAdminMembers = () => useAdminGet(reminderKeys.members, adminMembersResponseSchema);
export const useTemplates = () => useAdminGet(reminderKeys.templates, templatesResponseSchema);
export const useAlerts = () => useAdminGet(reminderKeys.alerts, alertsResponseSchema);
export const useAbsences = () => useAdminGet(reminderKeys.absences, absencesResponseSchema);
