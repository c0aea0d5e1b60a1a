import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  discordRolesStateSchema,
  roleAuditSchema,
  rolesPreviewSchema,
  type RoleRulesInput,
} from '#contracts/admin-discord-roles';
import { adminRequest } from '#web/lib/admin-session';

export const rolesKeys = {
  state: ['/api/admin/discord-roles'] as const,
  preview: ['/api/admin/discord-roles/preview'] as const,
  changes: ['/api/admin/discord-roles/changes'] as const,
};

export function useRolesState() {
  return useQuery({
    queryKey: rolesKeys.state,
    queryFn: ({ signal }) => adminRequest('GET', rolesKeys.state[0], discordRolesStateSchema, { signal }),
  });
}

export function useRolesAudit() {
  return useQuery({
    queryKey: rolesKeys.changes,
    queryFn: ({ signal }) => adminRequest('GET', rolesKeys.changes[0], roleAuditSchema, { signal }),
    staleTime: 0,
  });
}

/** The dry run: asked for on a click (it reads every linked member from Discord). */
export function usePreviewMutation() {
  return useMutation({
    mutationFn: () => adminRequest('GET', rolesKeys.preview[0], rolesPreviewSchema),
  });
}

export function useSaveRulesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: RoleRulesInput) =>
      adminRequest('PUT', rolesKeys.state[0], discordRolesStateSchema, { body: rules }),
    onSuccess: (state) => {
      client.setQueryData(rolesKeys.state, state);
      void client.invalidateQueries({ queryKey: rolesKeys.changes });
    },
  });
}
