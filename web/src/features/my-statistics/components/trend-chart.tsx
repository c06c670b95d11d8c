import type { MyStatistics } from '@sentinel/contract';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption } from '@/shared/charts/chart-options.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ACTION_STATE, bucketRange, handledAlarmsUrl } from '../lib/links.ts';

const ACTIONS = ['deal', 'cancel', 'approve', 'noApprove'] as const;
const COLORS: Record<(typeof ACTIONS)[number], string> = {
  deal: '#37f',
  cancel: '#8c8c8c',
  approve: '#52c41a',
  noApprove: '#fa8c16',
};
const HOUR_MS = 3_600_000;

/** The label of a bucket: its hour (and day when the range spans days) or its day. */
export function bucketLabel(time: string, granularity: 'hour' | 'day', manyDays: boolean): string {
  const t = dayjs(time);
  if (granularity === 'day') return t.format('MM-DD');
  return t.format(manyDays ? 'MM-DD HH:00' : 'HH:00');
}

interface TrendChartProps {
  data: MyStatistics;
  range: { startTime: string; endTime: string };
}

/**
 * The account's actions per hour or day as stacked bars (processed, false positive, approved,
 * revoked). A click on a processed or false-positive bar opens History alarms of that bucket.
 */
export function TrendChart({ data, range }: TrendChartProps) {
  const { t } = useTranslation('myStatistics');
  const navigate = useNavigate();
  const times = useMemo(() => data.trend.map((p) => p.time), [data.trend]);
  const option = useMemo(() => {
    const first = data.trend[0]?.time;
    const last = data.trend.at(-1)?.time;
    const manyDays = Boolean(first && last && !dayjs(first).isSame(dayjs(last), 'day'));
    const base = barOption({
      categories: data.trend.map((p) => bucketLabel(p.time, data.granularity, manyDays)),
      series: ACTIONS.map((action) => ({
        name: t(`action.${action}`),
        color: COLORS[action],
        data: data.trend.map((p) => p[action]),
      })),
    });
    return { ...base, series: base.series.map((s) => ({ ...s, stack: 'actions' })) };
  }, [data, t]);
  return (
    <EChart
      option={option}
      height={300}
      testId="statistics-trend-chart"
      label={t('trend.title')}
      onItemClick={(item) => {
        const action = ACTIONS[item.seriesIndex];
        if (action !== 'deal' && action !== 'cancel') return;
        const size = data.granularity === 'hour' ? HOUR_MS : 24 * HOUR_MS;
        const bucket = bucketRange(times, item.dataIndex, size, range);
        navigate(handledAlarmsUrl(bucket, data.accountId, { alarmState: ACTION_STATE[action] }));
      }}
    />
  );
}
