import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  registerCommandsResponseSchema,
  replayResponseSchema,
  runResponseSchema,
  scheduleUpdateResponseSchema,
  scriptResultSchemas,
  type ReplayInput,
  type ScheduleInput,
  type ScriptInfo,
} from '#contracts/admin-scripts';
import { adminRequest } from '#web/lib/admin-session';
import { useClanScope, withClan } from '#web/lib/clan-scope';
import { scriptKeys } from './scripts-queries';

/** After a run: the history, the running flag, the tables and the outbox may all have changed. */
function useRefreshAfterRun(s: ScriptInfo, clan: string | null) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: scriptKeys.history(s, clan) });
    void client.invalidateQueries({ queryKey: scriptKeys.schedule(s, clan) });
    void client.invalidateQueries({ queryKey: scriptKeys.outbox(clan) });
    for (const table of s.tables) void client.invalidateQueries({ queryKey: scriptKeys.records(table, clan) });
  };
}

/** A run waits for the script to finish (docs/product.md §7); its result is read by the script's own schema. */
export function useRunScriptMutation(s: ScriptInfo) {
  const clan = useClanScope();
  const refresh = useRefreshAfterRun(s, clan);
  return useMutation({
    mutationFn: () =>
      adminRequest(
        'POST',
        withClan(`/api/admin/${s.urlSegment}/run`, clan),
        runResponseSchema.extend({ result: scriptResultSchemas[s.id] }),
      ),
    onSettled: refresh,
  });
}

export function useReplayMutation(s: ScriptInfo) {
  const clan = useClanScope();
  const refresh = useRefreshAfterRun(s, clan);
  return useMutation({
    mutationFn: (input: ReplayInput) =>
      adminRequest('POST', withClan(`/api/admin/${s.urlSegment}/replay`, clan), replayResponseSchema, { body: input }),
    onSettled: refresh,
  });
}

export function useUpdateScheduleMutation(s: ScriptInfo) {
  const client = useQueryClient();
  const clan = useClanScope();
  return useMutation({
    mutationFn: (input: ScheduleInput) =>
      adminRequest('POST', withClan(`/api/admin/${s.urlSegment}/schedule`, clan), scheduleUpdateResponseSchema, {
        body: input,
      }),
    onSuccess: (saved) => client.setQueryData(scriptKeys.schedule(s, clan), saved),
  });
}

/** The system card's "Register the commands again" (docs/discord.md); the card's warnings are read again after. */
export function useRegisterCommandsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest('POST', '/api/admin/discord-commands', registerCommandsResponseSchema),
    onSettled: () => void client.invalidateQueries({ queryKey: scriptKeys.system }),
  });
}
