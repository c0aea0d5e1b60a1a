import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  acknowledgeResponseSchema,
  discordLinkResponseSchema,
  reminderSettingsSchema,
  templatePreviewSchema,
  templateSchema,
  type TemplateId,
} from '#contracts/admin-reminders';
import {
  absenceReasonsSchema,
  absenceSavedSchema,
  linkConfirmedSchema,
  type AbsenceInput,
  type AbsenceReasons,
} from '#contracts/admin-members';
import { adminRequest } from '#web/lib/admin-session';
import { useClanScope, withClan } from '#web/lib/clan-scope';
import { reminderKeys } from './reminders-queries';

const savedSettingsSchema = reminderSettingsSchema.extend({ message: z.string() });
const savedTemplateSchema = templateSchema.extend({ message: z.string() });
const linkPath = (tag: string) => `/api/admin/discord-links/${encodeURIComponent(tag)}`;

export function useUpdateRemindersMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (body: { offsetsMinutes: number[]; projectionLine?: boolean }) =>
      adminRequest('PUT', withClan('/api/admin/reminders', clan), savedSettingsSchema, { body }),
    onSuccess: (saved) => client.setQueryData([...reminderKeys.settings, clan], saved),
  });
}

export function useLinkMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { tag: string; discordUserId: string }) =>
      adminRequest('PUT', linkPath(input.tag), discordLinkResponseSchema, {
        body: { discordUserId: input.discordUserId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.members }),
  });
}

export function useUnlinkMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => adminRequest('DELETE', linkPath(tag), discordLinkResponseSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.members }),
  });
}

export function useSaveTemplateMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (input: { id: TemplateId; template: string }) =>
      adminRequest('PUT', withClan(`/api/admin/templates/${input.id}`, clan), savedTemplateSchema, {
        body: { template: input.template },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.templates }),
  });
}

export function useRestoreTemplateMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (id: TemplateId) =>
      adminRequest('DELETE', withClan(`/api/admin/templates/${id}`, clan), savedTemplateSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.templates }),
  });
}

export function usePreviewTemplateMutation() {
  const clan = useClanScope();
  return useMutation({
    mutationFn: (input: { id: TemplateId; template: string }) =>
      adminRequest('POST', withClan(`/api/admin/templates/${input.id}/preview`, clan), templatePreviewSchema, {
        body: { template: input.template },
      }),
  });
}

export function useAcknowledgeAlertMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest('POST', `/api/admin/alerts/${id}/acknowledge`, acknowledgeResponseSchema),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reminderKeys.alerts });
      void client.invalidateQueries({ queryKey: ['/api/admin/system'] });
    },
  });
}

export function useConfirmLinkMutation() {
  const client = useQueryClient();
  return useMutation({
    // the pair the admin saw: the server confirms it or nothing (409 when the tag changed hands since)
    mutationFn: ({ tag, discordUserId }: { tag: string; discordUserId: string }) =>
      adminRequest('POST', `${linkPath(tag)}/confirm`, linkConfirmedSchema, { body: { discordUserId } }),
    // a refused Confirm means the list is out of date: show the tag's link as it is now
    onSettled: () => client.invalidateQueries({ queryKey: reminderKeys.members }),
  });
}

export function useAddAbsenceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AbsenceInput) =>
      adminRequest('POST', '/api/admin/absences', absenceSavedSchema, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.absences }),
  });
}

export function useDecideAbsenceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approve' | 'reject' }) =>
      adminRequest('POST', `/api/admin/absences/${input.id}/decision`, absenceSavedSchema, {
        body: { decision: input.decision },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.absences }),
  });
}

/** Whether the tab's clan shows absence reasons on public member pages (docs/decisions/116-absence-reasons-private.md). */
export function useAbsenceReasonsMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (input: AbsenceReasons) =>
      adminRequest('PUT', withClan(reminderKeys.absenceReasons[0], clan), absenceReasonsSchema, { body: input }),
    onSuccess: (saved) => client.setQueryData([...reminderKeys.absenceReasons, clan], saved),
  });
}
