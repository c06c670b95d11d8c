import {
  ACCOUNT_API,
  type AccountListResponse,
  DUTY_ROSTER_API,
  type DutyShift,
  type DutyShiftBody,
  type DutyShiftSaved,
  type OnDutyEntry,
  SCENE_API,
  SCENE_KINDS,
} from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const ROSTER_KEY = ['dutyRoster'] as const;

export const useShifts = () =>
  useQuery({
    queryKey: [...ROSTER_KEY, 'shifts'],
    queryFn: ({ signal }) => request<DutyShift[]>(DUTY_ROSTER_API.list, { signal, silent: true }),
  });

export const useOnDutyNow = () =>
  useQuery({
    queryKey: [...ROSTER_KEY, 'now'],
    queryFn: ({ signal }) => request<OnDutyEntry[]>(DUTY_ROSTER_API.now, { signal, silent: true }),
    refetchInterval: 60_000,
  });

/** Who is on duty now for one scene (the alarm handling dialog). */
export const useSceneOnDuty = (sceneId: number | null | undefined) =>
  useQuery({
    queryKey: [...ROSTER_KEY, 'scene', sceneId],
    queryFn: ({ signal }) =>
      request<OnDutyEntry[]>(DUTY_ROSTER_API.sceneNow(sceneId ?? 0), {
        signal,
        silent: true,
        noRelogin: true,
      }),
    enabled: typeof sceneId === 'number' && sceneId > 0,
    staleTime: 60_000,
  });

/** The form's save: add (no id) or replace; the answer carries the overlap warnings. */
export const rosterApi = {
  useSave() {
    const client = useQueryClient();
    return useMutation({
      mutationFn: async ({ id, body }: { id?: number; body: DutyShiftBody }) =>
        (
          await action<DutyShiftSaved>(
            id === undefined ? DUTY_ROSTER_API.create : DUTY_ROSTER_API.update(id),
            {
              method: id === undefined ? 'POST' : 'PUT',
              body,
            },
          )
        ).data,
      onSuccess: () => client.invalidateQueries({ queryKey: ROSTER_KEY }),
    });
  },
};

export function useRemoveShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => action<null>(DUTY_ROSTER_API.remove(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROSTER_KEY }),
  });
}

export interface Option {
  value: number;
  label: string;
}

/** Every scene of every kind, for the scene picker. */
export const useSceneOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...ROSTER_KEY, 'sceneOptions'],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const lists = await Promise.all(
        SCENE_KINDS.map((kind) =>
          request<{ id: number; name: string }[]>(SCENE_API.listAll, {
            method: 'POST',
            body: { kind },
            signal,
            silent: true,
          }),
        ),
      );
      return lists.flat().map((s) => ({ value: s.id, label: s.name }));
    },
    enabled,
    staleTime: 60_000,
  });

/** Accounts matching `keyword` (50 at most), for the account picker. */
export const useAccountOptions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: [...ROSTER_KEY, 'accountOptions', keyword],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const answer = await request<AccountListResponse>(ACCOUNT_API.list, {
        method: 'POST',
        body: { page: 1, limit: 50, keyword },
        signal,
        silent: true,
      });
      return answer.list.map((a) => ({
        value: a.id,
        label: a.displayName ? `${a.displayName} (${a.accountName})` : a.accountName,
      }));
    },
    enabled,
    staleTime: 30_000,
  });
