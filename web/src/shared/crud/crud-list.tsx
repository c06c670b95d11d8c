import type { ListResult } from '@sentinel/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { PageError } from '../ui/page-states.tsx';
import { type PageState, tablePagination } from '../ui/table-pagination.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { RowActions } from './row-actions.tsx';

/**
 * The frame of a catalogue page: keyword search, filters and the add button above a paginated
 * table; a failed first load shows the error with a retry, a later failure keeps the rows shown.
 * The add / edit form goes in `children`.
 */
export function CrudList<Row extends { id: number }>({
  testId,
  search,
  filters,
  addLabel,
  onAdd,
  query,
  columns,
  paging,
  onPaging,
  children,
}: {
  /** `<testId>-page` on the card, `<testId>-keyword` / `-add` on the toolbar. */
  testId: string;
  search: { placeholder: string; onSearch: (keyword: string) => void };
  filters?: ReactNode;
  addLabel: string;
  /** Omitted when the caller may not add. */
  onAdd?: () => void;
  query: UseQueryResult<ListResult<Row>>;
  columns: TableColumnsType<Row>;
  paging: PageState;
  onPaging: (next: PageState) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" data-testid={`${testId}-page`}>
      <ListToolbar
        testId={testId}
        placeholder={search.placeholder}
        onSearch={search.onSearch}
        filters={filters}
        addLabel={addLabel}
        onAdd={onAdd}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('noData')} /> }}
          pagination={tablePagination(paging, query.data?.count ?? 0, onPaging)}
        />
      )}
      {children}
    </Card>
  );
}

/**
 * The last column of a catalogue table: edit and delete links for what the caller may do
 * (delete asks first, naming the row).
 */
export function actionsColumn<Row>({
  title,
  testId,
  name,
  onEdit,
  onDelete,
  width = 130,
}: {
  title: string;
  testId: (row: Row) => string;
  name: (row: Row) => string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => Promise<unknown>;
  width?: number;
}): TableColumnsType<Row>[number] {
  return {
    title,
    key: 'actions',
    width,
    render: (_: unknown, row: Row) => (
      <RowActions
        testId={testId(row)}
        name={name(row)}
        onEdit={onEdit ? () => onEdit(row) : undefined}
        onDelete={onDelete ? () => onDelete(row) : undefined}
      />
    ),
  };
}
