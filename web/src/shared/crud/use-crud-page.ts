import type { ListResult } from '@sentinel/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { useButtons } from '../permission/use-buttons.ts';
import type { PageState } from '../ui/table-pagination.ts';
import { actionsColumn } from './crud-list.tsx';
import { useListPage } from './use-list-page.ts';

/** What a list page needs of a catalogue's calls (`crudApi(…)` has it). */
export interface ListApi<Row, Query> {
  useList: (query: Query) => UseQueryResult<ListResult<Row>>;
  useRemove: () => { mutateAsync: (id: number) => Promise<unknown> };
}

/**
 * Everything of a catalogue page but its columns, fields and strings: the list state
 * (`useListPage`), the list query (with `query`'s fixed filters), delete, and what the caller may
 * do on `route` (its `<route>:add` / `:edit` / `:delete` button codes). Give it to `CrudList`;
 * `form` to the add / edit form; `actionsColumn` ends the columns.
 */
export function useCrudPage<
  Row extends { id: number },
  Query extends object,
  Filters extends object = Record<never, never>,
>(api: ListApi<Row, Query>, route: string, options: { filters?: Filters; query?: Partial<Query> } = {}) {
  const { t } = useTranslation();
  const buttons = useButtons(route);
  const page = useListPage<Row, Filters>(options.filters);
  // The page's filters are the query's own (a catalogue's list query takes them).
  const list = api.useList({ ...page.query, ...options.query } as unknown as Query);
  const remove = api.useRemove();
  const can = (action: string) => buttons.can(`${route}:${action}`);
  return {
    ...page,
    list,
    /** True when the caller holds `<route>:<action>`. */
    can,
    onAdd: can('add') ? page.startAdd : undefined,
    /** The add / edit form's props. */
    form: { editing: page.editing, onClose: page.close },
    /** The last column: the page's own actions, then edit and delete where allowed. */
    actionsColumn: (column: {
      testId: (row: Row) => string;
      name: (row: Row) => ReactNode;
      extra?: (row: Row) => ReactNode;
      width?: number;
      fixed?: 'right';
    }) =>
      actionsColumn<Row>({
        title: t('actions'),
        ...column,
        onEdit: can('edit') ? page.startEdit : undefined,
        onDelete: can('delete') ? (row) => remove.mutateAsync(row.id) : undefined,
      }),
  };
}

/** What `CrudList` reads of `useCrudPage`. */
export interface CrudPage<Row> {
  list: UseQueryResult<ListResult<Row>>;
  paging: PageState;
  setPaging: (next: PageState) => void;
  setKeyword: (keyword: string) => void;
  onAdd?: () => void;
}
