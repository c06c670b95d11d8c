import { Empty, Table, type TableProps } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from '../i18n/i18n.ts';

type ListTableProps<T> = Omit<TableProps<T>, 'rowKey' | 'size' | 'scroll' | 'locale' | 'onRow'> & {
  /** Test id prefix: `<testId>-table`, `<testId>-empty`, `<testId>-row-<id>`. */
  testId: string;
  /** Clicking a row (the row then shows a pointer). */
  onRowClick?: (row: T) => void;
};

/** A list page table keyed by `id`: scrolls sideways when narrow, "No data" when empty. */
export function ListTable<T extends { id: number }>({ testId, onRowClick, ...props }: ListTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('noData')} data-testid={`${testId}-empty`} /> }}
      onRow={(row) =>
        ({
          'data-testid': `${testId}-row-${row.id}`,
          ...(onRowClick ? { onClick: () => onRowClick(row), style: { cursor: 'pointer' } } : {}),
        }) as HTMLAttributes<HTMLElement>
      }
      data-testid={`${testId}-table`}
      {...props}
    />
  );
}
