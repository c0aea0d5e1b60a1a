import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { CaptchaResponse } from '#contracts/admin-auth';
import { toast } from '../../components/ui/toaster';
import { captchaQuery, type CaptchaPath } from './api/captcha-query';

/** A captcha loaded on mount; `reload` fetches a new one and clears the answer (docs/product.md §4, §8). */
export function useCaptcha(path: CaptchaPath) {
  const query = useQuery(captchaQuery(path));
  const [answer, setAnswer] = useState('');
  const { refetch, isError, errorUpdatedAt } = query;

  useEffect(() => {
    if (isError) toast({ title: 'Failed to load captcha', variant: 'error' });
  }, [isError, errorUpdatedAt]);

  const reload = useCallback(async (): Promise<void> => {
    setAnswer('');
    await refetch();
  }, [refetch]);

  // a failed reload leaves no question: the submit button then loads one first (docs/product.md §5)
  const captcha: CaptchaResponse | null = isError ? null : (query.data ?? null);
  return { captcha, answer, setAnswer, loading: query.isFetching, reload };
}
