import { LICENCE_API, type LicenceBody, type LicenceInfo, type LicenceNotice } from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const LICENCE_KEY = ['licence'] as const;

export const useLicence = () =>
  useQuery({
    queryKey: [...LICENCE_KEY, 'info'],
    queryFn: ({ signal }) => request<LicenceInfo>(LICENCE_API.info, { signal, silent: true }),
  });

/** The channel warning (any logged-in user). */
export const useLicenceNotice = () =>
  useQuery({
    queryKey: [...LICENCE_KEY, 'notice'],
    queryFn: ({ signal }) =>
      request<LicenceNotice>(LICENCE_API.notice, { signal, silent: true, noRelogin: true }),
    staleTime: 30_000,
  });

export function useSaveLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LicenceBody) =>
      (await action<LicenceInfo>(LICENCE_API.update, { method: 'PUT', body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: LICENCE_KEY }),
  });
}
