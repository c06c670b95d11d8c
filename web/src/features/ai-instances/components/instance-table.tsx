import type { AiInstanceItem } from '@sentinel/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { percent } from '../lib/format.ts';

/** The instances: live version, versions, where it runs, the live version's alarms and FP rate. */
export function InstanceTable({
  rows,
  loading,
  pagination,
  onOpen,
}: {
  rows: AiInstanceItem[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onOpen: (row: AiInstanceItem) => void;
}) {
  const { t } = useTranslation('aiInstances');
  const columns: ColumnsType<AiInstanceItem> = [
    {
      title: t('column.name'),
      key: 'name',
      render: (_, row) => (
        <>
          <Typography.Text strong>{row.name}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{row.code}</Typography.Text>
          {row.enabled ? null : (
            <Tag style={{ marginInlineStart: 8 }} data-testid={`instance-disabled-${row.id}`}>
              {t('disabled')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('column.model'), dataIndex: 'model', render: (value: string) => value || '—' },
    {
      title: t('column.live'),
      key: 'live',
      render: (_, row) =>
        row.liveVersionNumber === null ? (
          <Typography.Text type="secondary">{t('noLive')}</Typography.Text>
        ) : (
          <Tag color="green" data-testid={`instance-live-${row.id}`}>
            {t('versionLabel', { number: row.liveVersionNumber })}
          </Tag>
        ),
    },
    { title: t('column.versions'), dataIndex: 'versionCount' },
    { title: t('column.cameras'), dataIndex: 'cameraCount' },
    { title: t('column.alarms'), dataIndex: 'alarms' },
    { title: t('column.fpRate'), key: 'fp', render: (_, row) => percent(row.falsePositiveRate) },
    {
      title: t('column.lastChange'),
      dataIndex: 'lastChangeAt',
      render: (value: string) => formatTime(value),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(row);
          }}
          aria-label={t('openNamed', { name: row.name })}
          data-testid={`instance-open-${row.id}`}
        >
          {t('open')}
        </Button>
      ),
    },
  ];
  return (
    <ListTable<AiInstanceItem>
      testId="instances"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      onRowClick={onOpen}
    />
  );
}
