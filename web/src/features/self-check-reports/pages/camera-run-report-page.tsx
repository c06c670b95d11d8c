import type { CameraDayRow, RunReportQueryInput } from '@sentinel/contract';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useCameraReport } from '../api/run-reports.ts';
import { DailyReport } from '../components/daily-report.tsx';
import { DrillCount } from '../components/drill-count.tsx';
import { ReportFrame } from '../components/report-frame.tsx';
import { percent, seconds } from '../lib/format.ts';
import { dayDrillUrl } from '../lib/report-query.ts';

function CameraReport({ query }: { query: RunReportQueryInput }) {
  const { t } = useTranslation('selfCheckReports');
  return (
    <DailyReport<CameraDayRow>
      report={useCameraReport(query)}
      testId="camera-report"
      rowKey={(r) => `${r.cameraId}:${r.day}`}
      labels={{
        chart: t('camera.chart'),
        alarms: t('camera.alarms'),
        availability: t('camera.meanAvailability'),
      }}
      dayUrl={(day) => dayDrillUrl(day, query.cameraId ? { cameraId: Number(query.cameraId) } : {})}
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
