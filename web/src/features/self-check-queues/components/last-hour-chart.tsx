import type { QueueSamplesResult } from '@sentinel/contract';
import { Card, Empty, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { lineOption } from '@/shared/charts/chart-options.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';

type Measure = 'depth' | 'oldestAgeSeconds' | 'done' | 'failed';
const MEASURES: Measure[] = ['depth', 'oldestAgeSeconds', 'done', 'failed'];

/** Lines of one measure per queue over the samples (the last hour), one point per sample. */
export function chartSeries(
  samples: QueueSamplesResult['list'],
  measure: Measure,
  label: (queue: string) => string,
) {
  const times = [...new Set(samples.map((s) => s.at))].sort();
  const index = new Map(times.map((at, i) => [at, i]));
  const byQueue = new Map<string, number[]>();
  for (const s of samples) {
    const line = byQueue.get(s.queue) ?? new Array<number>(times.length).fill(0);
    line[index.get(s.at) ?? 0] = s[measure] ?? 0;
    byQueue.set(s.queue, line);
  }
  return {
    times,
    series: [...byQueue.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([queue, data]) => ({ name: label(queue), data })),
  };
}

/** The queue monitor's last hour: depth, oldest waiting age, done or failed per queue. */
export function LastHourChart({
  samples,
  label,
}: {
  samples: QueueSamplesResult['list'];
  label: (queue: string) => string;
}) {
  const { t } = useTranslation('selfCheckQueues');
  const [measure, setMeasure] = useState<Measure>('depth');
  const { times, series } = useMemo(() => chartSeries(samples, measure, label), [samples, measure, label]);
  const option = useMemo(
    () => lineOption({ categories: times.map((at) => dayjs(at).format('HH:mm')), series }),
    [times, series],
  );
  return (
    <Card
      size="small"
      title={t('lastHour')}
      extra={
        <Segmented<Measure>
          size="small"
          value={measure}
          onChange={setMeasure}
          options={MEASURES.map((m) => ({ value: m, label: t(`measure.${m}`) }))}
          data-testid="queue-chart-measure"
        />
      }
    >
      {times.length === 0 ? (
        <Empty description={t('noSamples')} />
      ) : (
        <EChart option={option} height={240} label={t('lastHour')} testId="queue-last-hour-chart" />
      )}
    </Card>
  );
}
