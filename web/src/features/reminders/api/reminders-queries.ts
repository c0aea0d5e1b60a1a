import { useQuery } from '@tanstack/react-query';
import {
  adminMembersResponseSchema,
  alertsResponseSchema,
  reminderSettingsSchema,
  templatesResponseSchema,
} from '#contracts/admin-reminders';
import { absenceReasonsSchema, absencesResponseSchema } from '#contracts/admin-members';
import type { ResponseParser } from '#web/lib/api-client';
import { adminRequest } from '#web/lib/admin-session';
import { useClanScope, withClan } from '#web/lib/clan-scope';

export const reminderKeys = {
  settings: ['/api/admin/reminders'] as const,
  members: ['/api/admin/members'] as const,
  templates: ['/api/admin/templates'] as const,
  alerts: ['/api/admin/alerts'] as const,
  absences: ['/api/admin/absences'] as const,
  absenceReasons: ['/api/admin/absences/reasons'] as const,
};

/** A GET of `key[0]`; a per-clan one adds the tab's clan to the key and the URL (invalidating `key` covers every clan). */
function useAdminGet<T>(key: readonly [string], schema: ResponseParser<T>, perClan = false) {
  const clan = useClanScope();
  const url = perClan ? withClan(key[0], clan) : key[0];
  return useQuery({
    queryKey: perClan ? [...key, clan] : key,
    queryFn: ({ signal }) => adminRequest('GET', url, schema, { signal }),
    staleTime: 0,
  });
}

export const useReminderSettings = () => useAdminGet(reminderKeys.settings, reminderSettingsSchema, true);
export const useAdminMembers = () => useAdminGet(reminderKeys.members, adminMembersResponseSchema, true);
export const useTemplates = () => useAdminGet(reminderKeys.templates, templatesResponseSchema, true);
export const useAlerts = () => useAdminGet(reminderKeys.alerts, alertsResponseSchema);
export const useAbsences = () => useAdminGet(reminderKeys.absences, absencesResponseSchema);
export const useAbsenceReasons = () => useAdminGet(reminderKeys.absenceReasons, absenceReasonsSchema, true);
