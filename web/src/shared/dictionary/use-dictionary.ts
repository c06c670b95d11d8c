import { DICTIONARY_API, DICTIONARY_CHANGED, type DictionaryOption } from '@sentinel/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { useRealtime } from '../realtime/use-realtime.ts';
import { request } from '../request/request.ts';

/** Query key of every dictionary read (the catalogue invalidates it after a change). */
export const DICTIONARY_KEY = ['dictionary'] as const;

/**
 * The enabled items of a dictionary type (System settings › Dictionary) as select options, labelled
 * in the UI language. Asked again when any instance reports a change on the event stream
 * (`dictionary.changed`), so a new item shows up without a reload.
 */
export function useDictionary(code: string) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...DICTIONARY_KEY, 'options', code],
    queryFn: ({ signal }) =>
      request<DictionaryOption[]>(DICTIONARY_API.options(code), { silent: true, signal }),
    staleTime: 60_000,
  });
  useRealtime<{ type?: string }>(DICTIONARY_CHANGED, (data) => {
    if (!data?.type || data.type === code)
      void client.invalidateQueries({ queryKey: [...DICTIONARY_KEY, 'options', code] });
  });
  const zh = i18n.language === 'zh-CN';
  const items = query.data;
  const options = useMemo(
    () => (items ?? []).map((o) => ({ value: o.value, label: zh ? o.labelZh : o.labelEn })),
    [items, zh],
  );
  /** The label of a stored value (the value itself when it is no longer an enabled item). */
  const labelOf = useCallback(
    (value: string) => options.find((o) => o.value === value)?.label ?? value,
    [options],
  );
  return { options, labelOf, isPending: query.isPending, isError: query.isError };
}
