import { queryOptions } from '@tanstack/react-query';
import type { FamilySiteResponse } from '#contracts/family-site';

/** The family's clans with their cards' figures (its freshness is the query client's, per URL). */
export const familyQuery = queryOptions<FamilySiteResponse>({ queryKey: ['/api/clans'] });
