import {
  ALARM_SETTINGS_API,
  ALARM_SETTINGS_CHANGED,
  type AlarmSettings,
  type AlarmSettingsBody,
} from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { action, request } from '@/shared/request/request.ts';
import { uploadFile } from '@/shared/request/upload.ts';

export const ALARM_SETTINGS_KEY = ['alarmSettings'] as const;

/**
 * The global alarm push policy and sound (any logged-in user may read it: the floating panel
 * does). Read again whenever it changes anywhere (`alarmSettings.changed` on the event stream).
 */
export function useAlarmSettings(enabled = true) {
  const client = useQueryClient();
  useRealtime(ALARM_SETTINGS_CHANGED, () => {
    void client.invalidateQueries({ queryKey: ALARM_SETTINGS_KEY });
  });
  return useQuery({
    queryKey: ALARM_SETTINGS_KEY,
    queryFn: ({ signal }) =>
      request<AlarmSettings>(ALARM_SETTINGS_API.settings, { signal, silent: true, noRelogin: true }),
    enabled,
    staleTime: 60_000,
  });
}

function useSetSettings() {
  const client = useQueryClient();
  return (data: AlarmSettings | undefined) => {
    if (data) client.setQueryData(ALARM_SETTINGS_KEY, data);
  };
}

export function useSaveAlarmSettings() {
  const set = useSetSettings();
  return useMutation({
    mutationFn: async (body: AlarmSettingsBody) =>
      (await action<AlarmSettings>(ALARM_SETTINGS_API.settings, { method: 'PUT', body })).data,
    onSuccess: set,
  });
}

export function useUploadSound() {
  const set = useSetSettings();
  return useMutation({
    mutationFn: async (file: File) =>
      (await uploadFile<AlarmSettings>(ALARM_SETTINGS_API.sound, file, { fields: { name: file.name } })).data,
    onSuccess: set,
  });
}

export function useResetSound() {
  const set = useSetSettings();
  return useMutation({
    mutationFn: async () =>
      (await action<AlarmSettings>(ALARM_SETTINGS_API.sound, { method: 'DELETE' })).data,
    onSuccess: set,
  });
}
