import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  memberHistoryResponseSchema,
  memberTableResponseSchema,
  warReportResponseSchema,
} from '#contracts/war-insights';
import { warRulesSchema, type WarRules } from '#contracts/war-rules';
import { familyReportResponseSchema } from '#contracts/admin-family-report';
import { raceProjectionResponseSchema } from '#contracts/race-projection';
import type { ResponseParser } from '#web/lib/api-client';
import { adminDownload, adminRequest, saveFile } from '#web/lib/admin-session';
import { useClanScope, withClan } from '#web/lib/clan-scope';

export const warReportKeys = {
  report: ['/api/admin/war-report'] as const,
  members: ['/api/admin/war-report/members'] as const,
  member: (tag: string) => [`/api/admin/war-report/members/${encodeURIComponent(tag)}`] as const,
  rules: ['/api/admin/war-rules'] as const,
  family: ['/api/admin/war-report/family'] as const,
};

/**
 * A GET for the tab's clan (the clan picker, decisions/104): the clan ends the query key and is sent as `?clan=`, so
 * invalidating a key without it refreshes every clan's answer.
 */
function useClanGet<T>(key: readonly [string], schema: ResponseParser<T>) {
  const clan = useClanScope();
  return useQuery({
    queryKey: [...key, clan],
    queryFn: ({ signal }) => adminRequest('GET', withClan(key[0], clan), schema, { signal }),
    staleTime: 0,
  });
}

/** The newest finished war judged by the clan's rules (docs/war-insights.md). */
export const useWarReport = () => useClanGet(warReportKeys.report, warReportResponseSchema);
export const useMemberTable = () => useClanGet(warReportKeys.members, memberTableResponseSchema);
export const useMemberHistory = (tag: string) => useClanGet(warReportKeys.member(tag), memberHistoryResponseSchema);
export const useWarRules = () => useClanGet(warReportKeys.rules, warRulesSchema);
/** The family view: every clan's members judged by the main clan's rules. */
export const useFamilyReport = () =>
  useQuery({
    queryKey: warReportKeys.family,
    queryFn: ({ signal }) => adminRequest('GET', warReportKeys.family[0], familyReportResponseSchema, { signal }),
    staleTime: 0,
  });

/** Saves the rules; the report and the table are judged again by them. */
export function useSaveWarRulesMutation() {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (rules: WarRules) =>
      adminRequest('PUT', withClan(warReportKeys.rules[0], clan), warRulesSchema, { body: rules }),
    onSuccess: (saved) => {
      client.setQueryData([...warReportKeys.rules, clan], saved);
      void client.invalidateQueries({ queryKey: warReportKeys.report });
      void client.invalidateQueries({ queryKey: warReportKeys.members });
      void client.invalidateQueries({ queryKey: warReportKeys.family });
    },
  });
}

/** Downloads a CSV export (the report, or a records table) as the browser's own download. */
export function useCsvDownloadMutation() {
  return useMutation({ mutationFn: async (url: string) => saveFile(await adminDownload(url)) });
}

/**
 * The clan's race projection and its full track record (docs/war-tracking.md "Where the race will end"): the public
 * answer of the tab's clan, the main clan's at `/api/clan/…`, a family clan's at `/api/clans/{tag}/…`.
 */
export function useRaceProjection() {
  const clan = useClanScope();
  const url = clan
    ? `/api/clans/${encodeURIComponent(clan.replace(/^#/, ''))}/war/projection`
    : '/api/clan/war/projection';
  return useQuery({
    queryKey: ['war-report-projection', clan],
    queryFn: ({ signal }) => adminRequest('GET', url, raceProjectionResponseSchema, { signal }),
    staleTime: 60_000,
  });
}
