import { API, type CaptchaResponse } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

export const fetchCaptcha = () => request<CaptchaResponse>(API.captcha);

export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: ['captcha'],
    queryFn: fetchCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useCaptcha = () => useQuery(captchaQueryOptions());
