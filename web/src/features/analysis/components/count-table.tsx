import { Table } from 'antd';
import type { ReactNode } from 'react';
import { DrillLink } from './drill-link.tsx';

export interface CountRow {
  key: string;
  name: ReactNode;
  count: number;
  /** The filtered list this count is the total of (none: the row cannot be listed, e.g. a deleted type). */
  to?: string;
}

interface CountTableProps {
  rows: CountRow[];
  nameTitle: string;
  countTitle: string;
  /** data-testid of the table; each count link is `<testId>-<row key>`. */
  testId: string;
}

/** Names and counts, each count a link to History alarms / tasks filtered to it. */
export function CountTable({ rows, nameTitle, countTitle, testId }: CountTableProps) {
  return (
    <Table<CountRow>
      size="small"
      rowKey="key"
      data-testid={testId}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      columns={[
        { key: 'name', title: nameTitle, dataIndex: 'name', ellipsis: true },
        {
          key: 'count',
          title: countTitle,
          align: 'right',
          width: 120,
          render: (_, row) => (
            <DrillLink to={row.to} testId={`${testId}-${row.key}`}>
              {row.count}
            </DrillLink>
          ),
        },
      ]}
    />
  );
}
