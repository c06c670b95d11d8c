import type { JobRunDetail } from '@sentinel/contract';
import { Descriptions, Progress, Space, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useSafetyRate } from '../api/job-runs.ts';
import { durationMinutes, splitMinutes } from '../lib/duration.ts';
import { DetectionTag, RunStateTag } from './run-tags.tsx';

function SafetyRateField({ sceneId }: { sceneId: number | null }) {
  const { t } = useTranslation('jobRuns');
  const rate = useSafetyRate(sceneId);
  if (sceneId === null || rate.isError) return <>—</>;
  if (!rate.data) return <Typography.Text type="secondary">…</Typography.Text>;
  if (rate.data.rate === null) return <Typography.Text type="secondary">{t('field.noRate')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 160 }} data-testid="run-safety-rate">
      <Progress
        percent={rate.data.rate}
        size="small"
        status={rate.data.rate < 80 ? 'exception' : 'success'}
        format={(p) => `${p}%`}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('field.safetyRateDetail', { normal: rate.data.normal, total: rate.data.total })}
      </Typography.Text>
    </Space>
  );
}

/** The run's fields, its counts and the scene's safety rate. */
export function RunHeader({ run }: { run: JobRunDetail }) {
  const { t } = useTranslation('jobRuns');
  const minutes = durationMinutes(run.startTime, run.endTime);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="run-header">
      <Descriptions.Item label={t('column.jobNumber')}>{run.jobNumber || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('column.jobName')}>{run.jobName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('column.scene')}>{run.sceneName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('field.area')}>{run.areaName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('column.start')}>{formatTime(run.startTime) || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('column.end')}>{formatTime(run.endTime) || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('column.duration')}>
        {minutes === null ? '—' : t('duration', splitMinutes(minutes))}
      </Descriptions.Item>
      <Descriptions.Item label={t('column.state')}>
        <RunStateTag state={run.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t('column.detection')}>
        <DetectionTag detection={run.detection} />
      </Descriptions.Item>
      <Descriptions.Item label={t('field.events')}>
        <span data-testid="run-event-count">{run.eventCount}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('field.alarms')}>
        <span data-testid="run-alarm-count">{run.alarmCount}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('field.safetyRate')}>
        <SafetyRateField sceneId={run.sceneId} />
      </Descriptions.Item>
    </Descriptions>
  );
}
