import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  databaseResponseSchema,
  historyResponseSchema,
  outboxResponseSchema,
  scheduleResponseSchema,
  scriptListResponseSchema,
  systemResponseSchema,
  type ScriptInfo,
  type ViewableTable,
} from '#contracts/admin-scripts';
import type { ResponseParser } from '#web/lib/api-client';
import { adminRequest } from '#web/lib/admin-session';
import { useClanScope, withClan } from '#web/lib/clan-scope';

/** docs/product.md §9: history shows up to 15 entries; records are fetched with limit 1000. */
export const HISTORY_SHOWN = 15;
export const RECORDS_LIMIT = 1000;

export const scriptKeys = {
  list: ['/api/admin/scripts'] as const,
  system: ['/api/admin/system'] as const,
  /** per clan (the tab's clan picker): the clan is in the URL, so each clan's answer is cached apart */
  outbox: (clan: string | null) => [withClan('/api/admin/discord-outbox', clan)] as const,
  schedule: (s: ScriptInfo, clan: string | null) => [withClan(`/api/admin/${s.urlSegment}/schedule`, clan)] as const,
  history: (s: ScriptInfo, clan: string | null) =>
    [withClan(`/api/admin/${s.id}/history?limit=${HISTORY_SHOWN}`, clan)] as const,
  records: (table: ViewableTable, clan: string | null) =>
    [withClan(`/api/admin/database/${table}?limit=${RECORDS_LIMIT}`, clan)] as const,
};

/**
 * An authenticated GET whose URL is the first element of the query key (docs/product.md §7),
 * parsed by its contract schema and refetched on every mount.
 */
function useAdminQuery<T>(
  key: readonly [string],
  schema: ResponseParser<T>,
  options: { enabled?: boolean; warnOnError?: string } = {},
) {
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminRequest('GET', key[0], schema, { signal }),
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

export const useScriptList = () => useAdminQuery(scriptKeys.list, scriptListResponseSchema);
/** The system card for the tab's clan: its Discord target and last snapshot (`['/api/admin/system']` covers every clan). */
export function useSystem() {
  const clan = useClanScope();
  return useQuery({
    queryKey: [...scriptKeys.system, clan],
    queryFn: ({ signal }) =>
      adminRequest('GET', withClan(scriptKeys.system[0], clan), systemResponseSchema, { signal }),
    staleTime: 0,
  });
}
export const useOutbox = (enabled: boolean) =>
  useAdminQuery(scriptKeys.outbox(useClanScope()), outboxResponseSchema, { enabled });
export const useSchedule = (s: ScriptInfo) =>
  useAdminQuery(scriptKeys.schedule(s, useClanScope()), scheduleResponseSchema);
export const useHistory = (s: ScriptInfo) =>
  useAdminQuery(scriptKeys.history(s, useClanScope()), historyResponseSchema, {
    warnOnError: 'Failed to load execution history',
  });
export const useRecords = (table: ViewableTable) =>
  useAdminQuery(scriptKeys.records(table, useClanScope()), databaseResponseSchema, {
    warnOnError: 'Failed to load database records',
  });
