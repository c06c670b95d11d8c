import type { AvailabilityPoint } from '@sentinel/contract';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, PALETTE } from '@/shared/charts/chart-options.ts';
import { durationText, percentText } from '@/shared/charts/duration-text.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { bucketLabel, DrillLink, FigureCard } from '../../analysis/index.ts';

interface Props {
  points: AvailabilityPoint[];
  /** Camera error log of one day (index into `points`). */
  outagesOf: (index: number) => string | undefined;
}

/**
 * Camera availability per day (bars, 0–100 %; days not yet begun are left out) and a table with
 * each day's outages (a link to the camera error log of that day) and the time lost.
 */
export function AvailabilityFigure({ points, outagesOf }: Props) {
  const { t } = useTranslation('runningEffect');
  const lang = useLang();
  const navigate = useNavigate();
  const title = t('figure.availability');
  const measured = useMemo(
    () => points.map((p, index) => ({ ...p, index })).filter((p) => p.availability !== null),
    [points],
  );
  const option = useMemo(
    () =>
      barOption({
        categories: measured.map((p) => bucketLabel(p.time, 'day')),
        max: 1,
        valueFormatter: (v) => percentText(v),
        series: [
          {
            name: t('column.availability'),
            color: PALETTE[1],
            data: measured.map((p) => p.availability ?? 0),
          },
        ],
      }),
    [measured, t],
  );
  return (
    <FigureCard
      title={title}
      testId="effect-availability"
      empty={measured.length === 0}
      emptyText={t('empty.cameras')}
      note={t('figure.availabilityNote')}
      chart={() => (
        <EChart
          option={option}
          label={title}
          testId="effect-availability-chart"
          onItemClick={(item) => {
            const point = measured[item.dataIndex];
            const link = point && outagesOf(point.index);
            if (link) navigate(link);
          }}
        />
      )}
      table={() => (
        <Table<AvailabilityPoint & { index: number }>
          size="small"
          rowKey="time"
          data-testid="effect-availability-table"
          dataSource={points.map((p, index) => ({ ...p, index }))}
          pagination={points.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          columns={[
            { key: 'time', title: t('column.day'), render: (_, p) => bucketLabel(p.time, 'day') },
            {
              key: 'availability',
              title: t('column.availability'),
              align: 'right',
              render: (_, p) => percentText(p.availability),
            },
            {
              key: 'outages',
              title: t('column.outages'),
              align: 'right',
              render: (_, p) => (
                <DrillLink to={outagesOf(p.index)} testId={`effect-availability-${p.index}-outages`}>
                  {p.outages}
                </DrillLink>
              ),
            },
            {
              key: 'down',
              title: t('column.down'),
              align: 'right',
              render: (_, p) => durationText(p.downSeconds, lang),
            },
          ]}
        />
      )}
    />
  );
}
