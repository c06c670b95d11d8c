import type { DatasetVersion } from '@sentinel/contract';
import { Button, Dropdown, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { exportUrl, useVersions } from '../api/datasets.ts';

function Counts({ counts, sign, colour }: { counts: Record<string, number>; sign: string; colour: string }) {
  return (
    <>
      {Object.entries(counts).map(([cls, n]) => (
        <Tag key={cls} color={colour}>
          {cls} {sign}
          {n}
        </Tag>
      ))}
    </>
  );
}

/** Frozen versions, newest first: counts, what changed since the one before, export. */
export function VersionsPanel({ datasetId }: { datasetId: number }) {
  const { t } = useTranslation('datasets');
  const versions = useVersions(datasetId);
  if (versions.isError) return <PageError onRetry={() => void versions.refetch()} />;
  return (
    <Table<DatasetVersion>
      size="small"
      rowKey="id"
      loading={versions.isLoading}
      dataSource={versions.data ?? []}
      pagination={false}
      data-testid="dataset-versions"
      locale={{ emptyText: <Empty description={t('noVersions')} /> }}
      columns={[
        {
          title: t('version.number'),
          dataIndex: 'number',
          width: 80,
          render: (n: number) => <Tag color="geekblue">v{n}</Tag>,
        },
        { title: t('field.images'), dataIndex: 'itemCount', width: 80 },
        { title: t('field.negatives'), dataIndex: 'negatives', width: 90 },
        {
          title: t('version.boxes'),
          dataIndex: 'classCounts',
          render: (c: Record<string, number>) => <Counts counts={c} sign="" colour="default" />,
        },
        {
          title: t('version.diff'),
          key: 'diff',
          render: (_, v) => (
            <Space size={[0, 4]} wrap data-testid={`dataset-version-diff-${v.number}`}>
              <Counts counts={v.diff.added} sign="+" colour="green" />
              <Counts counts={v.diff.removed} sign="−" colour="red" />
              {v.diff.negativesAdded ? (
                <Tag color="green">{t('version.negatives', { sign: '+', count: v.diff.negativesAdded })}</Tag>
              ) : null}
              {v.diff.negativesRemoved ? (
                <Tag color="red">{t('version.negatives', { sign: '−', count: v.diff.negativesRemoved })}</Tag>
              ) : null}
            </Space>
          ),
        },
        { title: t('version.note'), dataIndex: 'note', ellipsis: true },
        {
          title: t('version.created'),
          key: 'created',
          responsive: ['lg'],
          render: (_, v) => (
            <Typography.Text type="secondary">
              {formatTime(v.createdAt)} · {v.createdBy}
            </Typography.Text>
          ),
        },
        {
          title: t('export'),
          key: 'export',
          width: 110,
          render: (_, v) => (
            <Dropdown
              menu={{
                items: (['yolo', 'coco'] as const).map((format) => ({
                  key: format,
                  label: (
                    <a href={exportUrl(datasetId, format, v.number)} download>
                      {format.toUpperCase()}
                    </a>
                  ),
                })),
              }}
            >
              <Button size="small">{t('export')}</Button>
            </Dropdown>
          ),
        },
      ]}
    />
  );
}
