import type { AlgorithmDayRow, RunReportQueryInput } from '@sentinel/contract';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAlgorithmReport } from '../api/run-reports.ts';
import { DailyReport } from '../components/daily-report.tsx';
import { DrillCount } from '../components/drill-count.tsx';
import { ReportFrame } from '../components/report-frame.tsx';
import { percent } from '../lib/format.ts';
import { dayDrillUrl } from '../lib/report-query.ts';

function AlgorithmReport({ query }: { query: RunReportQueryInput }) {
  const { t } = useTranslation('selfCheckReports');
  const drill = (day: string, algorithmId: number, extra: { alarmState?: number } = {}) =>
    dayDrillUrl(day, { algorithmId, ...extra });
  return (
    <DailyReport<AlgorithmDayRow>
      report={useAlgorithmReport(query)}
      testId="algorithm-report"
      rowKey={(r) => `${r.algorithmId}:${r.day}`}
      labels={{
        chart: t('algorithm.chart'),
        alarms: t('algorithm.alarms'),
        availability: t('algorithm.availability'),
      }}
      dayUrl={(day) => dayDrillUrl(day, query.algorithmId ? { algorithmId: Number(query.algorithmId) } : {})}
      columns={[
        { title: t('day'), dataIndex: 'day' },
        { title: t('algorithm.algorithm'), dataIndex: 'algorithmName' },
        {
          title: t('algorithm.alarms'),
          dataIndex: 'alarms',
          render: (v: number, r) => (
            <DrillCount to={v > 0 ? drill(r.day, r.algorithmId) : undefined} value={v} />
          ),
        },
        {
          title: t('algorithm.falsePositives'),
          dataIndex: 'falsePositives',
          render: (v: number, r) => (
            <DrillCount to={v > 0 ? drill(r.day, r.algorithmId, { alarmState: 3 }) : undefined} value={v} />
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
