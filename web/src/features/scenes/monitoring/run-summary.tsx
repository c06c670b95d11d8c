import {
  JOB_RUN_STATE_COLORS,
  type JobRunState,
  type LastRunCounts,
  type SafetyRate,
} from '@sentinel/contract';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';

export interface RunFacts {
  jobName?: string;
  detection?: number;
  startTime?: string | null;
  endTime?: string | null;
}

/** A run's state in its colour (SPEC §4 "Job run"). */
export function RunStateTag({ state }: { state: number }) {
  const { t } = useTranslation('scenes');
  return (
    <Tag color={JOB_RUN_STATE_COLORS[state as JobRunState] ?? 'default'} data-testid="monitor-run-state">
      {t(`monitor.runState.${state}`)}
    </Tag>
  );
}

/** The scene's safety rate over the last 30 days: normal share of its completed runs. */
export function SafetyRateText({ rate, failed }: { rate: SafetyRate | undefined; failed: boolean }) {
  const { t } = useTranslation('scenes');
  if (failed) return <span data-testid="monitor-safety-rate">—</span>;
  if (!rate) return <span>…</span>;
  if (rate.rate === null)
    return (
      <Typography.Text type="secondary" data-testid="monitor-safety-rate">
        {t('monitor.noCompletedRuns', { days: rate.days })}
      </Typography.Text>
    );
  return (
    <span data-testid="monitor-safety-rate">
      <Typography.Text
        strong
        style={{ color: rate.rate >= 90 ? '#389e0d' : rate.rate >= 70 ? '#d48806' : '#cf1322' }}
      >
        {rate.rate}%
      </Typography.Text>{' '}
      <Typography.Text type="secondary">
        {t('monitor.safetyDetail', { normal: rate.normal, total: rate.total, days: rate.days })}
      </Typography.Text>
    </span>
  );
}

/** The current run: number, name, state, detection, times, event and alarm counts, safety rate. */
export function RunSummary({
  last,
  facts,
  rate,
  rateFailed,
}: {
  last: LastRunCounts;
  facts: RunFacts;
  rate: SafetyRate | undefined;
  rateFailed: boolean;
}) {
  const { t } = useTranslation('scenes');
  const items = [
    {
      key: 'number',
      label: t('field.jobNumber'),
      children: last.jobNumber || `#${last.historyAssignmentId}`,
    },
    ...(facts.jobName ? [{ key: 'name', label: t('field.jobName'), children: facts.jobName }] : []),
    {
      key: 'state',
      label: t('monitor.runStateLabel'),
      children: (
        <>
          {last.state === null ? null : <RunStateTag state={last.state} />}
          {facts.detection === undefined ? null : (
            <Tag color={facts.detection === 1 ? 'red' : 'green'} data-testid="monitor-run-detection">
              {t(`monitor.detection.${facts.detection === 1 ? 1 : 0}`)}
            </Tag>
          )}
        </>
      ),
    },
    ...(facts.startTime !== undefined
      ? [
          {
            key: 'time',
            label: t('field.timeRange'),
            children: `${formatTime(facts.startTime) || '—'} ~ ${formatTime(facts.endTime) || '—'}`,
          },
        ]
      : []),
    {
      key: 'events',
      label: t('monitor.events'),
      children: <span data-testid="monitor-run-events">{last.eventCount}</span>,
    },
    {
      key: 'alarms',
      label: t('monitor.runAlarms'),
      children: <span data-testid="monitor-run-alarms">{last.alarmCount}</span>,
    },
    {
      key: 'rate',
      label: t('monitor.safetyRate'),
      children: <SafetyRateText rate={rate} failed={rateFailed} />,
    },
  ];
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 3 }} items={items} data-testid="monitor-run" />
  );
}
