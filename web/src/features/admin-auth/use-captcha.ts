import { useCallback, useEffect, useState } from 'react';
import type { CaptchaResponse } from '../../../../contracts/admin-auth';
import { toast } from '../../components/ui/toaster';
import { fetchCaptcha } from './api/admin-auth-api';

/** A captcha loaded on mount; `reload` fetches a new one and clears the answer (docs/product.md §4, §8). */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [answer, setAnswer] = useState('');
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async (): Promise<CaptchaResponse | null> => {
    setLoading(true);
    setAnswer('');
    try {
      const next = await fetchCaptcha();
      setCaptcha(next);
      return next;
    } catch {
      setCaptcha(null);
      toast({ title: 'Failed to load captcha', variant: 'error' });
      return null;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { captcha, answer, setAnswer, loading, reload };
}
