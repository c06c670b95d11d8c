import {
  type DeliveryItem,
  type DeliveryListQuery,
  type ListResult,
  OUTBOUND_API,
  OUTBOUND_EVENT,
  type ReceiverBody,
  type ReceiverItem,
  type ReceiverListQuery,
  type ReceiverTestResult,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { action, request } from '@/shared/request/request.ts';

export const OUTBOUND_KEY = ['outbound'] as const;

/** Receivers: list, add, edit, delete (the kit's calls). */
export const receiverApi = crudApi<ReceiverItem, ReceiverBody, ReceiverListQuery>(
  [...OUTBOUND_KEY, 'receivers'],
  {
    list: OUTBOUND_API.receivers,
    create: OUTBOUND_API.addReceiver,
    one: OUTBOUND_API.receiver,
  },
);

/** Every query of the page is asked again when deliveries change on any instance. */
export function useOutboundLive() {
  const client = useQueryClient();
  useRealtime(OUTBOUND_EVENT, () => {
    void client.invalidateQueries({ queryKey: OUTBOUND_KEY });
  });
}

export const useDeliveries = (query: DeliveryListQuery) =>
  useQuery({
    queryKey: [...OUTBOUND_KEY, 'deliveries', query],
    queryFn: ({ signal }) =>
      request<ListResult<DeliveryItem>>(OUTBOUND_API.deliveries, { method: 'POST', body: query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

/** Redeliver some dead deliveries (`ids`) or all of them (`all`, optionally of one receiver). */
export const useRedeliver = (successText: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: number[] } | { all: true; receiverId?: number }) =>
      'ids' in which
        ? action<{ count: number }>(OUTBOUND_API.redeliver, {
            method: 'POST',
            body: { ids: which.ids },
            successText,
          })
        : action<{ count: number }>(OUTBOUND_API.redeliverAll, {
            method: 'POST',
            body: which.receiverId ? { receiverId: which.receiverId } : {},
            successText,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: OUTBOUND_KEY }),
  });
};

export const useTestReceiver = () =>
  useMutation({
    mutationFn: (body: ReceiverBody & { id?: number }) =>
      request<ReceiverTestResult>(OUTBOUND_API.test, { method: 'POST', body, long: true }),
  });
