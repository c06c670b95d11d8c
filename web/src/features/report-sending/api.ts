import {
  ACCOUNT_API,
  type AccountListResponse,
  REPORT_SENDING_API,
  REPORT_SENDING_EVENT,
  REPORT_SENDING_FAILED_EVENT,
  type ReportDefinitionBody,
  type ReportDefinitionItem,
  type ReportDefinitionListQuery,
  type ReportPreview,
  type ReportRecordItem,
  type ReportRecordList,
  type ReportRecordListQuery,
  SCENE_CAMERA_API,
  type SceneCameraScene,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { action, request } from '@/shared/request/request.ts';
import { toast } from '@/shared/ui/feedback.ts';

export const REPORT_KEY = ['reportSending'] as const;

/** The definitions (both pages: the plant data report page lists `plantReport: true`). */
export const definitionApi = crudApi<ReportDefinitionItem, ReportDefinitionBody, ReportDefinitionListQuery>(
  [...REPORT_KEY, 'definitions'],
  { list: REPORT_SENDING_API.list, create: REPORT_SENDING_API.add, one: REPORT_SENDING_API.one },
);

/** Records and definitions follow every send live; a final failure shows a notice. */
export function useReportEvents() {
  const client = useQueryClient();
  const { t } = useTranslation('reportSending');
  useRealtime(REPORT_SENDING_EVENT, () => {
    void client.invalidateQueries({ queryKey: REPORT_KEY });
  });
  useRealtime<{ definitionName: string }>(REPORT_SENDING_FAILED_EVENT, (data) => {
    toast.error(t('notice.failed', { name: data.definitionName }), 10);
  });
}

export const useRecords = (query: ReportRecordListQuery) =>
  useQuery({
    queryKey: [...REPORT_KEY, 'records', query],
    queryFn: ({ signal }) =>
      request<ReportRecordList>(REPORT_SENDING_API.records, { method: 'POST', body: query, signal }),
    placeholderData: keepPreviousData,
  });

const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: REPORT_KEY });
};

export const useSendNow = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => action<ReportRecordItem>(REPORT_SENDING_API.send(id), { method: 'POST' }),
    onSuccess: invalidate,
  });
};

export const useResend = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => action<ReportRecordItem>(REPORT_SENDING_API.resend(id), { method: 'POST' }),
    onSuccess: invalidate,
  });
};

export const usePreview = () =>
  useMutation({
    mutationFn: (body: ReportDefinitionBody) =>
      request<ReportPreview>(REPORT_SENDING_API.preview, { method: 'POST', body, long: true }),
  });

/** Accounts for the recipient picker (empty when the caller may not list accounts). */
export const useAccountOptions = () =>
  useQuery({
    queryKey: [...REPORT_KEY, 'accounts'],
    queryFn: async ({ signal }) =>
      (
        await request<AccountListResponse>(ACCOUNT_API.list, {
          method: 'POST',
          body: { page: 1, limit: 200 },
          silent: true,
          signal,
        })
      ).list.map((a) => ({
        value: a.id,
        label: a.displayName ? `${a.displayName} (${a.accountName})` : a.accountName,
      })),
    staleTime: 60_000,
    retry: false,
  });

export const useSceneOptions = () =>
  useQuery({
    queryKey: [...REPORT_KEY, 'scenes'],
    queryFn: ({ signal }) =>
      request<SceneCameraScene[]>(SCENE_CAMERA_API.scenes, { silent: true, signal, long: true }),
    staleTime: 60_000,
    retry: false,
  });

/** The body of a saved definition (for preview from its row). */
export const bodyOf = (row: ReportDefinitionItem): ReportDefinitionBody => ({
  name: row.name,
  enabled: row.enabled,
  contents: row.contents,
  plantId: row.plantId,
  scope: row.scope,
  frequency: row.frequency,
  intervalMinutes: row.intervalMinutes,
  timeOfDay: row.timeOfDay,
  weekday: row.weekday,
  dayOfMonth: row.dayOfMonth,
  recipients: row.recipients.map(({ accountId, address, lang }) => ({ accountId, address, lang })),
  skipWhenNoAlarms: row.skipWhenNoAlarms,
});
