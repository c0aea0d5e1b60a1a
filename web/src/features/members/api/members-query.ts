import { queryOptions } from '@tanstack/react-query';
import type { MembersResponse } from '#contracts/public';

export const membersQuery = queryOptions<MembersResponse>({ queryKey: ['/api/clan/members'] });
