import { API, type CaptchaResponse } from '@sentinel/contract';
import { useCallback, useEffect, useState } from 'react';
import { request } from '@/shared/request/request.ts';

export const fetchCaptcha = () => request<CaptchaResponse>(API.captcha);

export interface Captcha {
  data: CaptchaResponse | undefined;
  isError: boolean;
  /** A new code (the old one is dropped at once). */
  refetch: () => void;
}

/**
 * The login page's captcha, one at a time, a new one on each refetch. Without TanStack Query: the
 * login page is the first load, which the query cache is not (issue 17 §8).
 */
export function useCaptcha(): Captcha {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ data?: CaptchaResponse; isError: boolean }>({ isError: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each round (refetch) asks for a new code.
  useEffect(() => {
    let current = true;
    setState({ isError: false });
    fetchCaptcha().then(
      (data) => current && setState({ data, isError: false }),
      () => current && setState({ isError: true }),
    );
    return () => {
      current = false;
    };
  }, [round]);
  const refetch = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, isError: state.isError, refetch };
}
