import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  noteSavedSchema,
  strikeRulesResponseSchema,
  watchListResponseSchema,
  type NoteInput,
  type StrikeRulesView,
  type WatchInput,
} from '#contracts/admin-leaders';
import { adminDownload, adminRequest, saveFile } from '#web/lib/admin-session';
import { useClanScope, withClan } from '#web/lib/clan-scope';
import { leadersKeys } from './leaders-queries';

export function useAddNoteMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (input: NoteInput) =>
      adminRequest('POST', withClan('/api/admin/leaders/notes', clan), noteSavedSchema, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: leadersKeys.member }),
  });
}

export function useRemoveNoteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest('DELETE', `/api/admin/leaders/notes/${id}`, noteSavedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: leadersKeys.member }),
  });
}

export function useWatchMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WatchInput) =>
      adminRequest('POST', leadersKeys.watch[0], watchListResponseSchema, { body: input }),
    onSuccess: (list) => client.setQueryData(leadersKeys.watch, list),
  });
}

export function useUnwatchMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) =>
      adminRequest('DELETE', `${leadersKeys.watch[0]}/${encodeURIComponent(tag)}`, watchListResponseSchema),
    onSuccess: (list) => client.setQueryData(leadersKeys.watch, list),
  });
}

export function useStrikeRulesMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (rules: StrikeRulesView) =>
      adminRequest('PUT', withClan(leadersKeys.rules[0], clan), strikeRulesResponseSchema, { body: rules }),
    onSuccess: (saved) => client.setQueryData([...leadersKeys.rules, clan], saved),
  });
}

export function useLogCsvMutation() {
  return useMutation({ mutationFn: async (url: string) => saveFile(await adminDownload(url)) });
}

/** The clan's leaders' log channel: set or removed with the current password again; the answer says only whether one is set. */
export function useLogChannelMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  const url = withClan('/api/admin/leaders/log-channel', clan);
  return useMutation({
    mutationFn: (input: { url: string; password: string } | { password: string }) =>
      adminRequest('url' in input ? 'PUT' : 'DELETE', url, strikeRulesResponseSchema, { body: input }),
    onSuccess: (saved) => client.setQueryData([...leadersKeys.rules, clan], saved),
  });
}
