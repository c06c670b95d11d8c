import type { AlgorithmDayRow, RunReportQueryInput } from '@sentinel/contract';
import { Table } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EChart } from '@/shared/charts/echart.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useAlgorithmReport } from '../api/run-reports.ts';
import { DrillCount } from '../components/drill-count.tsx';
import { ReportFrame } from '../components/report-frame.tsx';
import { dailyOption, mean } from '../lib/chart.ts';
import { percent } from '../lib/format.ts';
import { dayDrillUrl } from '../lib/report-query.ts';

function AlgorithmReport({ query }: { query: RunReportQueryInput }) {
  const { t } = useTranslation('selfCheckReports');
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const report = useAlgorithmReport(query);
  const rows = report.data?.rows ?? [];
  const days = report.data?.days ?? [];
  const option = useMemo(
    () =>
      dailyOption({
        days,
        counts: days.map((d) => rows.filter((r) => r.day === d).reduce((s, r) => s + r.alarms, 0)),
        countName: t('algorithm.alarms'),
        availability: days.map((d) => mean(rows.filter((r) => r.day === d).map((r) => r.availability))),
        availabilityName: t('algorithm.availability'),
      }),
    [days, rows, t],
  );
  if (report.isError && !report.data)
    return <PageError message={report.error.message} onRetry={() => void report.refetch()} />;
  return (
    <>
      <EChart
        option={option}
        label={t('algorithm.chart')}
        testId="algorithm-report-chart"
        onItemClick={(item) => {
          const day = days[item.dataIndex];
          if (day)
            void navigate(
              dayDrillUrl(day, query.algorithmId ? { algorithmId: Number(query.algorithmId) } : {}),
            );
        }}
      />
      <Table<AlgorithmDayRow>
        rowKey={(r) => `${r.algorithmId}:${r.day}`}
        size="small"
        loading={report.isPending || (report.isFetching && report.isPlaceholderData)}
        dataSource={rows.slice((paging.page - 1) * paging.limit, paging.page * paging.limit)}
        pagination={tablePagination(paging, rows.length, setPaging)}
        data-testid="algorithm-report-table"
        columns={[
          { title: t('day'), dataIndex: 'day' },
          { title: t('algorithm.algorithm'), dataIndex: 'algorithmName' },
          {
            title: t('algorithm.alarms'),
            dataIndex: 'alarms',
            render: (v: number, r) => (
              <DrillCount
                to={v > 0 ? dayDrillUrl(r.day, { algorithmId: r.algorithmId }) : undefined}
                value={v}
              />
            ),
          },
          {
            title: t('algorithm.falsePositives'),
            dataIndex: 'falsePositives',
            render: (v: number, r) => (
              <DrillCount
                to={v > 0 ? dayDrillUrl(r.day, { algorithmId: r.algorithmId, alarmState: 3 }) : undefined}
                value={v}
              />
            ),
          },
          { title: t('algorithm.cameras'), dataIndex: 'cameras' },
          {
            title: t('algorithm.availability'),
            dataIndex: 'availability',
            render: (v: number | null) => percent(v),
          },
        ]}
      />
    </>
  );
}

/** /selfCheck/algorithmRunReport: alarms, false positives, cameras and availability per algorithm per day. */
export default function AlgorithmRunReportPage() {
  return (
    <ReportFrame kind="algorithm" testId="algorithm-run-report-page">
      {(query) => (query ? <AlgorithmReport query={query} /> : null)}
    </ReportFrame>
  );
}
