import {
  engineMessageKinds,
  engineMessageOutcomes,
  type ProtocolCountQueryInput,
  type ProtocolCountResult,
} from '@sentinel/contract';
import { Card, Form, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EChart } from '@/shared/charts/echart.tsx';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { CameraField } from '@/shared/filters/picker-fields.tsx';
import { type PartialRange, presetRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { filtersUrl } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { useProtocolCounts } from '../api/protocol.ts';

const LOG_PATH = '/selfCheck/messageProtocolLog';

interface FilterValues {
  range?: PartialRange;
  cameraId?: number | null;
}

const defaultValues = (): FilterValues => ({ range: presetRange('today') });

function toQuery(values: FilterValues): ProtocolCountQueryInput | undefined {
  const { startTime, endTime } = rangeToQuery(values.range);
  if (!startTime || !endTime) return undefined;
  return {
    startTime,
    endTime,
    utcOffset: dayjs().utcOffset(),
    ...(values.cameraId ? { cameraId: values.cameraId } : {}),
  };
}

interface Row {
  kind: string;
  counts: Record<string, number>;
  total: number;
}

function rowsOf(result: ProtocolCountResult | undefined): Row[] {
  const known = new Set<string>(engineMessageKinds);
  const kinds = [
    ...engineMessageKinds,
    ...(result?.cells ?? []).map((c) => c.kind).filter((k) => !known.has(k)),
  ];
  return [...new Set(kinds)].map((kind) => {
    const counts: Record<string, number> = {};
    for (const cell of result?.cells ?? []) if (cell.kind === kind) counts[cell.outcome] = cell.count;
    return { kind, counts, total: Object.values(counts).reduce((s, n) => s + n, 0) };
  });
}

/**
 * /selfCheck/protocolCount: engine messages counted per kind × outcome over a range, and a chart
 * per hour (≤ 2 days) or day. Each count links to the protocol log with the same filters, where the
 * list's total is the same figure.
 */
export default function ProtocolCountPage() {
  const { t } = useTranslation('selfCheckProtocol');
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState(() => toQuery(defaultValues()));
  useEffect(() => form.setFieldsValue(defaultValues()), [form]);
  const counts = useProtocolCounts(query);
  const result = counts.data;
  const rows = useMemo(() => rowsOf(result), [result]);
  const link = (filter: { kind?: string; outcome?: string }) =>
    filtersUrl(LOG_PATH, {
      startTime: query?.startTime,
      endTime: query?.endTime,
      ...filter,
      cameraId: query?.cameraId,
    });
  const cell = (value: number, filter: { kind?: string; outcome?: string }, testId: string) =>
    value > 0 ? (
      <Link to={link(filter)} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Link>
    ) : (
      <span data-testid={testId}>0</span>
    );
  const option = useMemo(() => {
    const buckets = result?.buckets ?? [];
    const hourly = result?.bucket === 'hour';
    const times = [...new Set(buckets.map((b) => b.at))].sort();
    const labels = times.map((at) => dayjs(at).format(hourly ? 'MM-DD HH:00' : 'YYYY-MM-DD'));
    return {
      animationDuration: 300,
      // accepted, duplicate, refused
      color: ['#52c41a', '#faad14', '#f5222d'],
      grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', confine: true },
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1 },
      series: engineMessageOutcomes.map((outcome) => ({
        type: 'bar',
        stack: 'all',
        name: t(`outcome.${outcome}`),
        barMaxWidth: 28,
        data: times.map((at) => buckets.find((b) => b.at === at && b.outcome === outcome)?.count ?? 0),
      })),
    };
  }, [result, t]);

  return (
    <Card variant="borderless" data-testid="protocol-count-page">
      <FilterBar<FilterValues>
        form={form}
        onFinish={(values) => setQuery(toQuery(values))}
        onReset={() => {
          form.setFieldsValue(defaultValues());
          setQuery(toQuery(defaultValues()));
        }}
        testId="protocol-count-filters"
        searchTestId="protocol-count-search"
      >
        <TimeRangeField testId="protocol-count-range" label={t('filter.time')} />
        <CameraField testId="protocol-count-camera" />
      </FilterBar>
      {!query ? (
        <PageEmpty description={t('count.pickRange')} />
      ) : counts.isError && !result ? (
        <PageError message={counts.error.message} onRetry={() => void counts.refetch()} />
      ) : (
        <>
          <Table<Row>
            rowKey="kind"
            size="small"
            pagination={false}
            loading={counts.isPending || (counts.isFetching && counts.isPlaceholderData)}
            dataSource={rows}
            data-testid="protocol-count-table"
            columns={[
              {
                title: t('column.kind'),
                dataIndex: 'kind',
                render: (v: string) => t(`kind.${v}`, { defaultValue: v }),
              },
              ...engineMessageOutcomes.map((outcome) => ({
                title: t(`outcome.${outcome}`),
                key: outcome,
                render: (_: unknown, r: Row) =>
                  cell(r.counts[outcome] ?? 0, { kind: r.kind, outcome }, `count-${r.kind}-${outcome}`),
              })),
              {
                title: t('count.total'),
                key: 'total',
                render: (_: unknown, r: Row) => cell(r.total, { kind: r.kind }, `count-${r.kind}-total`),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('count.total')}</Table.Summary.Cell>
                {engineMessageOutcomes.map((outcome, i) => (
                  <Table.Summary.Cell index={i + 1} key={outcome}>
                    {cell(
                      rows.reduce((s, r) => s + (r.counts[outcome] ?? 0), 0),
                      { outcome },
                      `count-all-${outcome}`,
                    )}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={engineMessageOutcomes.length + 1}>
                  {cell(result?.total ?? 0, {}, 'count-all-total')}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <div style={{ marginTop: 16 }}>
            <EChart option={option} label={t('count.chart')} testId="protocol-count-chart" />
          </div>
        </>
      )}
    </Card>
  );
}
