import {
  ALARM_TEMPLATES_API,
  ALARM_TEMPLATES_CHANGED,
  type AlarmItem,
  type AlarmTemplateBody,
  type AlarmTemplateChannel,
  type AlarmTemplateItem,
  type Lang,
} from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { action, request } from '@/shared/request/request.ts';

const KEY = ['alarmTemplates'] as const;

/** Every template; read again when one changes anywhere (`alarmTemplates.changed`). */
export function useAlarmTemplates() {
  const client = useQueryClient();
  useRealtime(ALARM_TEMPLATES_CHANGED, () => {
    void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
  });
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => request<AlarmTemplateItem[]>(ALARM_TEMPLATES_API.list, { signal, silent: true }),
  });
}

/** Recent alarms for the preview. */
export const useSampleAlarms = () =>
  useQuery({
    queryKey: [...KEY, 'samples'],
    queryFn: ({ signal }) =>
      request<AlarmItem[]>(ALARM_TEMPLATES_API.samples, { query: { limit: 10 }, signal, silent: true }),
  });

interface Target {
  channel: AlarmTemplateChannel;
  lang: Lang;
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ channel, lang, body }: Target & { body: AlarmTemplateBody }) =>
      (await action<AlarmTemplateItem>(ALARM_TEMPLATES_API.template(channel, lang), { method: 'PUT', body }))
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}

export function useResetTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ channel, lang }: Target) =>
      (await action<AlarmTemplateItem>(ALARM_TEMPLATES_API.template(channel, lang), { method: 'DELETE' }))
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}
