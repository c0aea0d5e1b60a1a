import { useQuery } from '@tanstack/react-query';
import {
  clanLogResponseSchema,
  memberMemorySchema,
  strikeRulesResponseSchema,
  watchListResponseSchema,
  type LogEntry,
} from '#contracts/admin-leaders';
import { adminRequest } from '#web/lib/admin-session';
import { useClanScope, withClan } from '#web/lib/clan-scope';

export const leadersKeys = {
  log: ['/api/admin/clan-log'] as const,
  member: ['/api/admin/leaders/members'] as const,
  watch: ['/api/admin/leaders/watch-list'] as const,
  rules: ['/api/admin/leaders/rules'] as const,
};

export interface LogFilter {
  player: string;
  kind: LogEntry['kind'] | '';
}

/** The clan log's URL for the tab's clan and the filters (every clan when none is chosen). */
export function logUrl(base: string, clan: string | null, f: LogFilter): string {
  const q = new URLSearchParams();
  if (f.player.trim()) q.set('player', f.player.trim());
  if (f.kind) q.set('kind', f.kind);
  const query = q.toString();
  return withClan(query ? `${base}?${query}` : base, clan);
}

export function useClanLog(filter: LogFilter) {
  const clan = useClanScope();
  const url = logUrl(leadersKeys.log[0], clan, filter);
  return useQuery({
    queryKey: [...leadersKeys.log, url],
    queryFn: ({ signal }) => adminRequest('GET', url, clanLogResponseSchema, { signal }),
    staleTime: 0,
  });
}

export function useMemberMemory(tag: string | null) {
  const clan = useClanScope();
  const url = tag ? withClan(`${leadersKeys.member[0]}/${encodeURIComponent(tag)}`, clan) : '';
  return useQuery({
    queryKey: [...leadersKeys.member, url],
    queryFn: ({ signal }) => adminRequest('GET', url, memberMemorySchema, { signal }),
    enabled: tag !== null,
    staleTime: 0,
  });
}

export function useWatchList() {
  return useQuery({
    queryKey: leadersKeys.watch,
    queryFn: ({ signal }) => adminRequest('GET', leadersKeys.watch[0], watchListResponseSchema, { signal }),
    staleTime: 0,
  });
}

export function useStrikeRules() {
  const clan = useClanScope();
  const url = withClan(leadersKeys.rules[0], clan);
  return useQuery({
    queryKey: [...leadersKeys.rules, clan],
    queryFn: ({ signal }) => adminRequest('GET', url, strikeRulesResponseSchema, { signal }),
    staleTime: 0,
  });
}
