import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  memberHistoryResponseSchema,
  memberTableResponseSchema,
  warReportResponseSchema,
} from '#contracts/war-insights';
import { warRulesSchema, type WarRules } from '#contracts/war-rules';
import { adminDownload, adminRequest, saveFile } from '#web/lib/admin-session';

export const warReportKeys = {
  report: ['/api/admin/war-report'] as const,
  members: ['/api/admin/war-report/members'] as const,
  member: (tag: string) => [`/api/admin/war-report/members/${encodeURIComponent(tag)}`] as const,
  rules: ['/api/admin/war-rules'] as const,
};

/** The newest finished war judged by the clan's rules (docs/war-insights.md). */
export const useWarReport = () =>
  useQuery({
    queryKey: warReportKeys.report,
    queryFn: ({ signal }) => adminRequest('GET', warReportKeys.report[0], warReportResponseSchema, { signal }),
    staleTime: 0,
  });

export const useMemberTable = () =>
  useQuery({
    queryKey: warReportKeys.members,
    queryFn: ({ signal }) => adminRequest('GET', warReportKeys.members[0], memberTableResponseSchema, { signal }),
    staleTime: 0,
  });

export const useMemberHistory = (tag: string) =>
  useQuery({
    queryKey: warReportKeys.member(tag),
    queryFn: ({ signal }) => adminRequest('GET', warReportKeys.member(tag)[0], memberHistoryResponseSchema, { signal }),
    staleTime: 0,
  });

export const useWarRules = () =>
  useQuery({
    queryKey: warReportKeys.rules,
    queryFn: ({ signal }) => adminRequest('GET', warReportKeys.rules[0], warRulesSchema, { signal }),
    staleTime: 0,
  });

/** Saves the rules; the report and the table are judged again by them. */
export function useSaveWarRulesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: WarRules) => adminRequest('PUT', warReportKeys.rules[0], warRulesSchema, { body: rules }),
    onSuccess: (saved) => {
      client.setQueryData(warReportKeys.rules, saved);
      void client.invalidateQueries({ queryKey: warReportKeys.report });
      void client.invalidateQueries({ queryKey: warReportKeys.members });
    },
  });
}

/** Downloads a CSV export (the report, or a records table) as the browser's own download. */
export function useCsvDownloadMutation() {
  return useMutation({ mutationFn: async (url: string) => saveFile(await adminDownload(url)) });
}
