import type { OfflineAnalysisItem } from '@sentinel/contract';
import { Button, Flex, type TableColumnsType, type TablePaginationConfig, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { StateCell } from './state-cell.tsx';

/** The analyses: name, source, algorithms, state (progress while analyzing), events, who, when, actions. */
export function AnalysisTable({
  rows,
  loading,
  pagination,
  canDelete,
  onView,
  onDelete,
}: {
  rows: OfflineAnalysisItem[];
  loading: boolean;
  pagination: TablePaginationConfig;
  canDelete: boolean;
  onView: (row: OfflineAnalysisItem) => void;
  onDelete: (row: OfflineAnalysisItem) => void;
}) {
  const { t } = useTranslation('offlineVideo');
  const { t: tc } = useTranslation();
  const columns: TableColumnsType<OfflineAnalysisItem> = [
    {
      title: t('column.name'),
      dataIndex: 'name',
      render: (name: string, row) => <span data-testid={`offline-name-${row.id}`}>{name}</span>,
    },
    {
      title: t('column.source'),
      key: 'source',
      render: (_, row) => (
        <Flex gap={4} align="center">
          <Tag>{t(`sourceKind.${row.source}`)}</Tag>
          <Typography.Text ellipsis={{ tooltip: row.sourceName }} style={{ maxWidth: 220 }}>
            {row.sourceName}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('column.algorithms'),
      key: 'algorithms',
      render: (_, row) => (
        <Flex gap={4} wrap style={{ maxWidth: 260 }}>
          {row.algorithms.map((a) => (
            <Tag key={a.id} color="blue" style={{ marginInlineEnd: 0 }}>
              {a.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('column.state'),
      key: 'state',
      render: (_, row) => <StateCell item={row} testId={`offline-${row.id}`} />,
    },
    {
      title: t('column.events'),
      dataIndex: 'eventCount',
      align: 'right',
      render: (count: number, row) => <span data-testid={`offline-${row.id}-events`}>{count}</span>,
    },
    { title: t('column.createdBy'), dataIndex: 'createdBy', responsive: ['lg'] },
    {
      title: t('column.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => formatTime(value),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={0}>
          <Button type="link" size="small" onClick={() => onView(row)} data-testid={`offline-view-${row.id}`}>
            {t('view')}
          </Button>
          {canDelete ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => onDelete(row)}
              data-testid={`offline-delete-${row.id}`}
            >
              {tc('delete')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <ListTable<OfflineAnalysisItem>
      testId="offline"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
    />
  );
}
