import type { MonthlyChampionsResponse } from '#contracts/public';
import { clanEndpointQuery, type ClanApi } from '#web/lib/clan-api';

export const monthlyChampionsQuery = (api: ClanApi) =>
  clanEndpointQuery<MonthlyChampionsResponse>(api, '/api/clan/monthly-champions');
