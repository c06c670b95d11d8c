import type { AlarmBatchResult } from '@sentinel/contract';
import { action } from '@/shared/request/request.ts';
import { ALARM_BATCH_PATH } from '@/shared/ui/alarm-detail-dialog/index.ts';

/** POST videoAlarmRecord/updateOrFilter: each id handled on its own; per-id outcomes. */
export const batchAlarms = async (body: { ids: number[]; action: 'deal' | 'cancel'; comment?: string }) =>
  (await action<AlarmBatchResult>(ALARM_BATCH_PATH, { body, silent: false })).data;
