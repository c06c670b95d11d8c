import { Card, Empty, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { PageError } from '../ui/page-states.tsx';
import { tablePagination } from '../ui/table-pagination.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { RowActions } from './row-actions.tsx';
import type { CrudPage } from './use-crud-page.ts';

/**
 * The frame of a catalogue page: keyword search, filters and the add button (when allowed) above
 * a paginated table; a failed first load shows the error with a retry, a later failure keeps the
 * rows shown. The add / edit form goes in `children`.
 */
export function CrudList<Row extends { id: number }>({
  crud,
  testId,
  pageTestId = `${testId}-page`,
  search,
  filters,
  addLabel,
  columns,
  children,
}: {
  crud: CrudPage<Row>;
  /** `<testId>-keyword` / `-add` on the toolbar, `<testId>-table` on the table. */
  testId: string;
  /** On the card (default `<testId>-page`). */
  pageTestId?: string;
  /** The keyword search's placeholder; omitted when `filters` bring their own search. */
  search?: string;
  filters?: ReactNode;
  addLabel: string;
  columns: TableColumnsType<Row>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { list, paging } = crud;
  return (
    <Card variant="borderless" data-testid={pageTestId}>
      <ListToolbar
        testId={testId}
        search={search === undefined ? undefined : { placeholder: search, onSearch: crud.setKeyword }}
        filters={filters}
        addLabel={addLabel}
        onAdd={crud.onAdd}
      />
      {list.isError && !list.data ? (
        <PageError message={list.error.message} onRetry={() => list.refetch()} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty data-testid="page-empty" description={t('noData')} /> }}
          pagination={tablePagination(paging, list.data?.count ?? 0, crud.setPaging)}
          data-testid={`${testId}-table`}
        />
      )}
      {children}
    </Card>
  );
}

/**
 * The last column of a catalogue table: the page's own actions (`extra`), then edit and delete
 * links for what the caller may do (delete asks first, showing `name`: the row, or a warning).
 */
export function actionsColumn<Row>({
  title,
  testId,
  name,
  onEdit,
  onDelete,
  extra,
  width = 130,
  fixed,
}: {
  title: string;
  /** `<testId>-edit` / `-delete` on the links. */
  testId: (row: Row) => string;
  name: (row: Row) => ReactNode;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => Promise<unknown>;
  extra?: (row: Row) => ReactNode;
  width?: number;
  /** Keep the column in view when the table scrolls sideways. */
  fixed?: 'right';
}): TableColumnsType<Row>[number] {
  return {
    title,
    key: 'actions',
    width,
    fixed,
    render: (_: unknown, row: Row) => (
      <RowActions
        testId={testId(row)}
        name={name(row)}
        onEdit={onEdit ? () => onEdit(row) : undefined}
        onDelete={onDelete ? () => onDelete(row) : undefined}
        extra={extra?.(row)}
      />
    ),
  };
}
