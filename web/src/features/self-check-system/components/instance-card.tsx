import type { ServerInstanceItem } from '@sentinel/contract';
import { Card, Descriptions, List, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { bytes, diskState, duration } from './figures.ts';

/** One server instance's figures (system status page). */
export function InstanceCard({ instance }: { instance: ServerInstanceItem }) {
  const { t } = useTranslation('selfCheckSystem');
  const s = instance.status;
  const disk = diskState(s.mediaDisk.usedPercent, s.mediaDisk.warnPercent);
  return (
    <Card
      size="small"
      data-testid="instance-card"
      data-stale={instance.stale}
      title={
        <Space wrap>
          <Typography.Text strong>{instance.hostname}</Typography.Text>
          <Typography.Text type="secondary">pid {instance.pid}</Typography.Text>
          {instance.self ? <Tag color="blue">{t('status.self')}</Tag> : null}
          {instance.stale ? (
            <Tag color="red" data-testid="instance-stale">
              {t('status.stale')}
            </Tag>
          ) : (
            <Tag color="green">{t('status.live')}</Tag>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('status.uptime')}>
          <span data-testid="instance-uptime">{duration(s.uptimeSeconds)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('status.lastSeen')}>{formatTime(instance.lastSeenAt)}</Descriptions.Item>
        <Descriptions.Item label={t('status.startedAt')}>{formatTime(instance.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('status.cpu')}>{s.cpu.processPercent} %</Descriptions.Item>
        <Descriptions.Item label={t('status.load', { cores: s.cpu.cores })}>{s.cpu.load1}</Descriptions.Item>
        <Descriptions.Item label={t('status.memory')}>
          <span data-testid="instance-memory">
            {bytes(s.memory.rss)} / {bytes(s.memory.heapUsed)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('status.systemMemory')}>
          {bytes(s.memory.systemFree)} / {bytes(s.memory.systemTotal)}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.eventLoop')}>
          {s.eventLoop.p50Ms} / {s.eventLoop.p99Ms} / {s.eventLoop.maxMs} ms
        </Descriptions.Item>
        <Descriptions.Item label={t('status.streams')}>{s.openStreams}</Descriptions.Item>
        <Descriptions.Item label={t('status.database')}>
          {s.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} {s.database.version}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.dbSize')}>{bytes(s.database.sizeBytes)}</Descriptions.Item>
        <Descriptions.Item label={t('status.dbConnections')}>
          {s.database.connections ?? t('status.unknown')}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.versions')}>
          app {s.versions.app} · node {s.versions.node}
          {s.versions.redis ? ` · redis ${s.versions.redis}` : ''}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('status.mediaDisk')}</Typography.Text>
      <Progress
        percent={s.mediaDisk.usedPercent}
        status={disk === 'exception' ? 'exception' : 'normal'}
        strokeColor={disk === 'warning' ? '#faad14' : undefined}
        data-testid="instance-disk"
        data-state={disk}
      />
      <Typography.Text type="secondary">
        {t('status.diskUsed', {
          used: bytes(s.mediaDisk.usedBytes),
          free: bytes(s.mediaDisk.freeBytes),
          warn: s.mediaDisk.warnPercent,
        })}
      </Typography.Text>
      <List
        size="small"
        header={t('status.lastErrors')}
        locale={{ emptyText: t('status.noErrors') }}
        dataSource={s.lastErrors}
        renderItem={(error) => (
          <List.Item>
            <Typography.Text type="danger">{formatTime(error.at)}</Typography.Text> {error.url} —{' '}
            {error.message}
          </List.Item>
        )}
      />
    </Card>
  );
}
