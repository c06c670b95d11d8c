import {
  isPriorityCode,
  type MyStatistics,
  PRIORITY_CODES,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, TAG_HEX } from '@/shared/charts/chart-options.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { handledAlarmsUrl } from '../lib/links.ts';

interface LevelChartProps {
  data: MyStatistics;
  range: { startTime: string; endTime: string };
}

/** The account's handlings (processed + false positive) by alarm level, urgent on top; a bar opens History alarms. */
export function LevelChart({ data, range }: LevelChartProps) {
  const { t } = useTranslation('myStatistics');
  const lang = useLang();
  const navigate = useNavigate();
  const levels = useMemo(() => [...PRIORITY_CODES].reverse().filter(isPriorityCode), []);
  const option = useMemo(() => {
    const countOf = (code: number) => data.byLevel.find((l) => l.priority === code)?.count ?? 0;
    return barOption({
      horizontal: true,
      categories: levels.map((code) => PRIORITY_LABELS[code][lang]),
      series: [
        {
          name: t('level.series'),
          data: levels.map((code) => ({ value: countOf(code), color: TAG_HEX[PRIORITY_COLORS[code]] })),
        },
      ],
    });
  }, [data.byLevel, levels, lang, t]);
  return (
    <EChart
      option={option}
      height={300}
      testId="statistics-level-chart"
      label={t('level.title')}
      onItemClick={(item) => {
        const priority = levels[item.dataIndex];
        if (priority === undefined) return;
        navigate(handledAlarmsUrl(range, data.accountId, { priority, status: 'processed' }));
      }}
    />
  );
}
