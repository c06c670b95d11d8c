import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EChart } from '@/shared/charts/echart.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { dailyOption, mean } from '../lib/chart.ts';

/** A row of a run report: one subject (camera, algorithm) on one day. */
export interface DailyRow {
  day: string;
  alarms: number;
  availability: number | null;
}

interface DailyReportProps<R extends DailyRow> {
  report: UseQueryResult<{ days: string[]; rows: R[] }>;
  /** Test ids: `<testId>-chart`, `<testId>-table`. */
  testId: string;
  rowKey: (row: R) => string;
  columns: TableColumnsType<R>;
  labels: { chart: string; alarms: string; availability: string };
  /** Where a click on a day of the chart leads (the day's alarms in History alarms). */
  dayUrl: (day: string) => string;
}

/**
 * The body of a run report: per day, bars of the alarms and a line of the mean availability over
 * every subject, then the rows (subject × day) paged in the browser; states of its query.
 */
export function DailyReport<R extends DailyRow>({
  report,
  testId,
  rowKey,
  columns,
  labels,
  dayUrl,
}: DailyReportProps<R>) {
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const rows = report.data?.rows ?? [];
  const days = report.data?.days ?? [];
  const option = useMemo(
    () =>
      dailyOption({
        days,
        counts: days.map((d) => rows.filter((r) => r.day === d).reduce((s, r) => s + r.alarms, 0)),
        countName: labels.alarms,
        availability: days.map((d) => mean(rows.filter((r) => r.day === d).map((r) => r.availability))),
        availabilityName: labels.availability,
      }),
    [days, rows, labels.alarms, labels.availability],
  );
  if (report.isError && !report.data)
    return <PageError message={report.error.message} onRetry={() => void report.refetch()} />;
  return (
    <>
      <EChart
        option={option}
        label={labels.chart}
        testId={`${testId}-chart`}
        onItemClick={(item) => {
          const day = days[item.dataIndex];
          if (day) void navigate(dayUrl(day));
        }}
      />
      <Table<R>
        rowKey={rowKey}
        size="small"
        loading={report.isPending || (report.isFetching && report.isPlaceholderData)}
        dataSource={rows.slice((paging.page - 1) * paging.limit, paging.page * paging.limit)}
        pagination={tablePagination(paging, rows.length, setPaging)}
        data-testid={`${testId}-table`}
        columns={columns}
      />
    </>
  );
}
