import {
  DICTIONARY_API,
  type DictionaryItem,
  type DictionaryItemBody,
  type DictionaryType,
  type DictionaryTypeBody,
} from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DICTIONARY_KEY } from '@/shared/dictionary/use-dictionary.ts';
import { action, request } from '@/shared/request/request.ts';

export const useDictionaryTypes = () =>
  useQuery({
    queryKey: [...DICTIONARY_KEY, 'types'],
    queryFn: ({ signal }) => request<DictionaryType[]>(DICTIONARY_API.types, { silent: true, signal }),
  });

export const useDictionaryItems = (typeId: number | undefined) =>
  useQuery({
    queryKey: [...DICTIONARY_KEY, 'items', typeId],
    queryFn: ({ signal }) =>
      request<DictionaryItem[]>(DICTIONARY_API.items(typeId ?? 0), { silent: true, signal }),
    enabled: typeId !== undefined,
  });

/** Every dictionary read is asked again after a change (lists, items, the selects' options). */
const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DICTIONARY_KEY });
};

/** Add / edit a type (the kit's form calls `useSave`). */
export const typeApi = {
  useSave: () => {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, body }: { id?: number; body: DictionaryTypeBody }) =>
        id === undefined
          ? action<DictionaryType>(DICTIONARY_API.addType, { body })
          : action<DictionaryType>(DICTIONARY_API.type(id), { method: 'PUT', body }),
      onSuccess: invalidate,
    });
  },
};

export const itemApi = {
  useSave: () => {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, body }: { id?: number; body: DictionaryItemBody }) =>
        id === undefined
          ? action<DictionaryItem>(DICTIONARY_API.addItem, { body })
          : action<DictionaryItem>(DICTIONARY_API.item(id), { method: 'PUT', body }),
      onSuccess: invalidate,
    });
  },
};

export const useDeleteType = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => action<null>(DICTIONARY_API.type(id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
};

export const useDeleteItem = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => action<null>(DICTIONARY_API.item(id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
};

/** Enables or disables an item (the whole item is sent, as the edit form does). */
export const useSetItemEnabled = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ item, enabled }: { item: DictionaryItem; enabled: boolean }) =>
      action<DictionaryItem>(DICTIONARY_API.item(item.id), {
        method: 'PUT',
        body: {
          typeId: item.typeId,
          value: item.value,
          labelEn: item.labelEn,
          labelZh: item.labelZh,
          sort: item.sort,
          enabled,
        },
      }),
    onSettled: invalidate,
  });
};

export const useReorderItems = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ typeId, ids }: { typeId: number; ids: number[] }) =>
      action<DictionaryItem[]>(DICTIONARY_API.reorder(typeId), {
        method: 'PUT',
        body: { ids },
        silent: true,
      }),
    onSettled: invalidate,
  });
};
