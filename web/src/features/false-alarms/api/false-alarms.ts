import {
  FALSE_ALARM_REVIEW_API,
  type FalseAlarmRateQuery,
  type FalseAlarmRateResult,
  type FalseAlarmRecordItem,
  type FalseAlarmRecordList,
  type FalseAlarmRecordQuery,
  type FalseAlarmReviewBody,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

/** Everything of this page lives under one key: a verdict refreshes the list and the rates. */
const KEY = ['falseAlarmReview'] as const;

/** POST falseAlarmReview/list: false-alarm records with their frame, boxes and review state. */
export const useRecordList = (query: FalseAlarmRecordQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: () =>
      request<FalseAlarmRecordList>(FALSE_ALARM_REVIEW_API.list, { method: 'POST', body: query }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST falseAlarmReview/rate/query: false-positive rate per algorithm and per version. */
export const useRates = (query: FalseAlarmRateQuery = {}) =>
  useQuery({
    queryKey: [...KEY, 'rate', query],
    queryFn: () =>
      request<FalseAlarmRateResult>(FALSE_ALARM_REVIEW_API.rate, { method: 'POST', body: query }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A verdict (the server's "Review saved" toast; a 409 shows its own message and refreshes). */
export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FalseAlarmReviewBody }) =>
      action<FalseAlarmRecordItem>(FALSE_ALARM_REVIEW_API.review(id), { body }).then((e) => e.data),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
