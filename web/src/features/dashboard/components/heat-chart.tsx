import type { HeatStrip } from '@sentinel/contract';
import { PRIORITY_LABELS } from '@sentinel/contract';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type ChartClick, EChart } from '@/shared/charts/echart.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { cellTarget, HEAT_LEVELS, heatOption } from '../lib/heat-option.ts';
import { heatCellLink } from '../lib/links.ts';

export const HEAT_CHART_HEIGHT = 36 * HEAT_LEVELS.length + 40;

/**
 * The strip drawn by echarts (its own chunk: loaded after the figures, so they never wait for it);
 * a click on a cell opens History alarms of that hour and level.
 */
export default function HeatChart({ strip, canDrill }: { strip: HeatStrip; canDrill: boolean }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const navigate = useNavigate();
  const option = useMemo(
    () =>
      heatOption(strip, {
        levelName: (priority) => PRIORITY_LABELS[priority][lang],
        describe: (level, from, to, count) => t('heat.cell', { level, from, to, count }),
      }),
    [strip, lang, t],
  );
  const drill = (item: ChartClick) => {
    const target = cellTarget(strip, item.value);
    if (target) navigate(heatCellLink(target.hour, target.priority).to);
  };
  return (
    <EChart
      option={option}
      height={HEAT_CHART_HEIGHT}
      label={t('heat.label')}
      testId="dashboard-heat-chart"
      onItemClick={canDrill ? drill : undefined}
    />
  );
}
