import type { CameraDayRow, RunReportQueryInput } from '@sentinel/contract';
import { Table } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EChart } from '@/shared/charts/echart.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useCameraReport } from '../api/run-reports.ts';
import { DrillCount } from '../components/drill-count.tsx';
import { ReportFrame } from '../components/report-frame.tsx';
import { dailyOption, mean } from '../lib/chart.ts';
import { percent, seconds } from '../lib/format.ts';
import { dayDrillUrl } from '../lib/report-query.ts';

function CameraReport({ query }: { query: RunReportQueryInput }) {
  const { t } = useTranslation('selfCheckReports');
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const report = useCameraReport(query);
  const rows = report.data?.rows ?? [];
  const days = report.data?.days ?? [];
  const option = useMemo(
    () =>
      dailyOption({
        days,
        counts: days.map((d) => rows.filter((r) => r.day === d).reduce((s, r) => s + r.alarms, 0)),
        countName: t('camera.alarms'),
        availability: days.map((d) => mean(rows.filter((r) => r.day === d).map((r) => r.availability))),
        availabilityName: t('camera.meanAvailability'),
      }),
    [days, rows, t],
  );
  if (report.isError && !report.data)
    return <PageError message={report.error.message} onRetry={() => void report.refetch()} />;
  return (
    <>
      <EChart
        option={option}
        label={t('camera.chart')}
        testId="camera-report-chart"
        onItemClick={(item) => {
          const day = days[item.dataIndex];
          if (day)
            void navigate(dayDrillUrl(day, query.cameraId ? { cameraId: Number(query.cameraId) } : {}));
        }}
      />
      <Table<CameraDayRow>
        rowKey={(r) => `${r.cameraId}:${r.day}`}
        size="small"
        loading={report.isPending || (report.isFetching && report.isPlaceholderData)}
        dataSource={rows.slice((paging.page - 1) * paging.limit, paging.page * paging.limit)}
        pagination={{ ...tablePagination(paging, rows.length, setPaging) }}
        data-testid="camera-report-table"
        columns={[
          { title: t('day'), dataIndex: 'day' },
          { title: t('camera.camera'), dataIndex: 'cameraName' },
          { title: t('camera.area'), dataIndex: 'areaName' },
          {
            title: t('camera.availability'),
            dataIndex: 'availability',
            render: (v: number | null) => percent(v),
          },
          { title: t('camera.outages'), dataIndex: 'outages' },
          { title: t('camera.outageTime'), dataIndex: 'outageSeconds', render: (v: number) => seconds(v, t) },
          {
            title: t('camera.alarms'),
            dataIndex: 'alarms',
            render: (v: number, r) => (
              <DrillCount to={v > 0 ? dayDrillUrl(r.day, { cameraId: r.cameraId }) : undefined} value={v} />
            ),
          },
        ]}
      />
    </>
  );
}

/** /selfCheck/cameraRunReport: availability, outages and alarms per camera per day (issue 14 §3). */
export default function CameraRunReportPage() {
  return (
    <ReportFrame kind="camera" testId="camera-run-report-page">
      {(query) => (query ? <CameraReport query={query} /> : null)}
    </ReportFrame>
  );
}
