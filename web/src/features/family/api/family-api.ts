import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  familyResponseSchema,
  type ClanWebhookInput,
  type ClanWebhookRemoveInput,
  type FamilyResponse,
} from '#contracts/admin-family';
import { adminRequest } from '#web/lib/admin-session';

export const familyKey = ['/api/admin/family'] as const;

/** The clans of the family, the main clan first (docs/decisions/100-clan-family-data-model.md). */
export function useFamily() {
  return useQuery({
    queryKey: familyKey,
    queryFn: ({ signal }) => adminRequest('GET', familyKey[0], familyResponseSchema, { signal }),
    staleTime: 0,
  });
}

/** Every change answers with the whole family, which replaces the cached one. */
function useFamilyChange<I = string>(call: (input: I) => Promise<FamilyResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (family) => client.setQueryData(familyKey, family),
  });
}

export const useAddClanMutation = () =>
  useFamilyChange((tag) => adminRequest('POST', familyKey[0], familyResponseSchema, { body: { tag } }));

export const useRemoveClanMutation = () =>
  useFamilyChange((tag) => adminRequest('DELETE', `${familyKey[0]}/${encodeURIComponent(tag)}`, familyResponseSchema));

const webhookPath = (tag: string) => `${familyKey[0]}/${encodeURIComponent(tag)}/webhook`;

/**
 * A clan's Discord webhook (docs/decisions/104-per-clan-webhooks.md): the answer shows only that one is set. Setting
 * and removing it take the current password again (docs/decisions/115-webhook-changes-reauthenticated.md).
 */
export const useSetWebhookMutation = (tag: string) =>
  useFamilyChange((input: ClanWebhookInput) =>
    adminRequest('PUT', webhookPath(tag), familyResponseSchema, { body: input }),
  );

export const useClearWebhookMutation = (tag: string) =>
  useFamilyChange((input: ClanWebhookRemoveInput) =>
    adminRequest('DELETE', webhookPath(tag), familyResponseSchema, { body: input }),
  );
