import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  DatabaseResponse,
  HistoryResponse,
  OutboxResponse,
  ReplayResponse,
  RunResponse,
  ScheduleResponse,
  ScheduleUpdateResponse,
  ScriptInfo,
  ScriptListResponse,
  SystemResponse,
  ViewableTable,
} from '../../../../../contracts/admin-scripts';
import { useAdminApi } from '../../../lib/admin-session';

/** docs/product.md §9: history shows up to 15 entries; records are fetched with limit 1000. */
export const HISTORY_SHOWN = 15;
export const RECORDS_LIMIT = 1000;

export const scriptKeys = {
  list: ['/api/admin/scripts'] as const,
  system: ['/api/admin/system'] as const,
  outbox: ['/api/admin/discord-outbox'] as const,
  schedule: (s: ScriptInfo) => [`/api/admin/${s.urlSegment}/schedule`] as const,
  history: (s: ScriptInfo) => [`/api/admin/${s.id}/history?limit=${HISTORY_SHOWN}`] as const,
  records: (table: ViewableTable) => [`/api/admin/database/${table}?limit=${RECORDS_LIMIT}`] as const,
};

/** An authenticated GET whose URL is the first element of the query key (docs/product.md §7). */
function useAdminQuery<T>(key: readonly [string], options: { enabled?: boolean; warnOnError?: string } = {}) {
  const api = useAdminApi();
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.request<T>('GET', key[0]),
    enabled: options.enabled,
    staleTime: 0,
  });
  const { warnOnError } = options;
  useEffect(() => {
    // docs/product.md §8: failures loading history or records are only logged, with no user message
    if (warnOnError && query.error) console.warn(`${warnOnError}:`, query.error.message);
  }, [warnOnError, query.error]);
  return query;
}

export const useScriptList = () => useAdminQuery<ScriptListResponse>(scriptKeys.list);
export const useSystem = () => useAdminQuery<SystemResponse>(scriptKeys.system);
export const useOutbox = (enabled: boolean) => useAdminQuery<OutboxResponse>(scriptKeys.outbox, { enabled });
export const useSchedule = (s: ScriptInfo) => useAdminQuery<ScheduleResponse>(scriptKeys.schedule(s));
export const useHistory = (s: ScriptInfo) =>
  useAdminQuery<HistoryResponse>(scriptKeys.history(s), { warnOnError: 'Failed to load execution history' });
export const useRecords = (table: ViewableTable) =>
  useAdminQuery<DatabaseResponse>(scriptKeys.records(table), { warnOnError: 'Failed to load database records' });

/** After a run: the history, the running flag, the tables and the outbox may all have changed. */
function useRefreshAfterRun(s: ScriptInfo) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: scriptKeys.history(s) });
    void client.invalidateQueries({ queryKey: scriptKeys.schedule(s) });
    void client.invalidateQueries({ queryKey: scriptKeys.outbox });
    for (const table of s.tables) void client.invalidateQueries({ queryKey: scriptKeys.records(table) });
  };
}

export function useRunScript(s: ScriptInfo) {
  const api = useAdminApi();
  const refresh = useRefreshAfterRun(s);
  return useMutation({
    mutationFn: () => api.request<RunResponse>('POST', `/api/admin/${s.urlSegment}/run`),
    onSettled: refresh,
  });
}

export function useReplay(s: ScriptInfo) {
  const api = useAdminApi();
  const refresh = useRefreshAfterRun(s);
  return useMutation({
    mutationFn: (day: number) => api.request<ReplayResponse>('POST', `/api/admin/${s.urlSegment}/replay`, { day }),
    onSettled: refresh,
  });
}

export function useUpdateSchedule(s: ScriptInfo) {
  const api = useAdminApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: string) =>
      api.request<ScheduleUpdateResponse>('POST', `/api/admin/${s.urlSegment}/schedule`, { schedule }),
    onSuccess: (saved) => client.setQueryData(scriptKeys.schedule(s), saved),
  });
}
