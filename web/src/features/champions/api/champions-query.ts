import { queryOptions } from '@tanstack/react-query';
import type { MonthlyChampionsResponse } from '#contracts/public';

export const monthlyChampionsQuery = queryOptions<MonthlyChampionsResponse>({
  queryKey: ['/api/clan/monthly-champions'],
});
