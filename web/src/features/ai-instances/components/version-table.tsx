import type { AiVersion } from '@sentinel/contract';
import { Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { formatBytes, percent, shortSha } from '../lib/format.ts';

/** The immutable numbered versions, newest first, with what each raised; publish from a row. */
export function VersionTable({
  versions,
  onPublish,
}: {
  versions: AiVersion[];
  onPublish: (version: AiVersion) => void;
}) {
  const { t } = useTranslation('aiInstances');
  const columns: ColumnsType<AiVersion> = [
    {
      title: t('version.number'),
      key: 'number',
      render: (_, v) => (
        <>
          {t('versionLabel', { number: v.number })}
          {v.live ? (
            <Tag color="green" style={{ marginInlineStart: 8 }} data-testid={`version-live-${v.number}`}>
              {t('live')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('version.source'), key: 'source', render: (_, v) => t(`source.${v.source}`) },
    {
      title: t('version.created'),
      key: 'created',
      render: (_, v) => (
        <>
          {v.createdBy || '—'}
          <br />
          <Typography.Text type="secondary">{formatTime(v.createdAt)}</Typography.Text>
        </>
      ),
    },
    {
      title: t('version.artefact'),
      key: 'artefact',
      render: (_, v) => (
        <>
          <Typography.Text code copyable={{ text: v.sha256 }} title={v.sha256}>
            {shortSha(v.sha256)}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">{formatBytes(v.sizeBytes)}</Typography.Text>
        </>
      ),
    },
    {
      title: t('version.metrics'),
      key: 'metrics',
      render: (_, v) =>
        v.metrics ? (
          <span data-testid={`version-metrics-${v.number}`}>
            {t('metrics.short', {
              precision: percent(v.metrics.precision),
              recall: percent(v.metrics.recall),
              fp: percent(v.metrics.falsePositiveRate),
            })}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('metrics.none')}</Typography.Text>
        ),
    },
    { title: t('version.alarms'), dataIndex: 'alarms' },
    { title: t('version.fpRate'), key: 'fp', render: (_, v) => percent(v.falsePositiveRate) },
    {
      title: t('column.actions'),
      key: 'actions',
      render: (_, v) =>
        v.live ? null : (
          <Button
            size="small"
            onClick={() => onPublish(v)}
            aria-label={t('publishNumber', { number: v.number })}
            data-testid={`version-publish-${v.number}`}
          >
            {t('publish')}
          </Button>
        ),
    },
  ];
  return (
    <Table<AiVersion>
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      pagination={false}
      columns={columns}
      dataSource={versions}
      locale={{ emptyText: t('noVersions') }}
      onRow={(v) => ({ 'data-testid': `version-row-${v.number}` }) as HTMLAttributes<HTMLElement>}
      data-testid="instance-versions"
    />
  );
}
