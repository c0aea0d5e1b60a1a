import type { MembersResponse } from '#contracts/public';
import { clanEndpointQuery, type ClanApi } from '#web/lib/clan-api';

export const membersQuery = (api: ClanApi) => clanEndpointQuery<MembersResponse>(api, '/api/clan/members');
