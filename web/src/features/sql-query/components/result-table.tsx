import type { SqlCell, SqlQueryResult } from '@sentinel/contract';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';

type Row = { id: number; cells: SqlCell[] };

function show(value: SqlCell) {
  if (value === null) return <Typography.Text type="secondary">NULL</Typography.Text>;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/** A query's rows, with the columns of its result (names may repeat: keyed by position). */
export function ResultTable({ result }: { result: SqlQueryResult }) {
  const { t } = useTranslation('sqlQuery');
  const rows = useMemo<Row[]>(() => result.rows.map((cells, id) => ({ id: id + 1, cells })), [result]);
  const columns = useMemo<ColumnsType<Row>>(
    () => [
      { key: '#', title: '#', width: 64, render: (_, row) => row.id },
      ...result.columns.map((column, index) => ({
        key: String(index),
        title: (
          <span title={column.type}>
            {column.name} <Typography.Text type="secondary">{column.type}</Typography.Text>
          </span>
        ),
        ellipsis: true,
        render: (_: unknown, row: Row) => show(row.cells[index] ?? null),
      })),
    ],
    [result],
  );
  return (
    <ListTable<Row>
      testId="sql-result"
      columns={columns}
      dataSource={rows}
      pagination={{
        pageSize: 50,
        showSizeChanger: false,
        showTotal: (total) => t('result.total', { total }),
      }}
    />
  );
}
