import { type EventItem, type EventListQuery, type EventListResult, HISTORY_API } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

export const EVENTS_KEY = ['historyEvents', 'events'] as const;

export const fetchEventList = (query: EventListQuery) =>
  request<EventListResult>(HISTORY_API.eventList, { method: 'POST', body: query, silent: true });

export const eventListQueryOptions = (query: EventListQuery) =>
  queryOptions({
    queryKey: [...EVENTS_KEY, 'list', query],
    queryFn: () => fetchEventList(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST eventRecord/list: { list, count, countCapped }. */
export const useEventList = (query: EventListQuery) => useQuery(eventListQueryOptions(query));

export const fetchEvent = (id: number) => request<EventItem>(HISTORY_API.eventDetail(id), { silent: true });

/** GET eventRecord/{id} (the dialog starts from the row and refreshes from here). */
export const useEvent = (id: number, initial: EventItem) =>
  useQuery({
    queryKey: [...EVENTS_KEY, 'detail', id],
    queryFn: () => fetchEvent(id),
    initialData: initial,
    staleTime: 30_000,
    retry: false,
  });
