import type { FalseAlarmRateQuery, FalseAlarmRateRow } from '@sentinel/contract';
import { Empty, Form, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { AlgorithmField } from '@/shared/filters/picker-fields.tsx';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useRates } from '../api/false-alarms.ts';

type Row = FalseAlarmRateRow & { key: string; children?: Row[] };

/** The false-positive rate per algorithm (its versions below it), with review outcomes. */
export function RatePanel() {
  const { t } = useTranslation('falseAlarms');
  const { t: tc } = useTranslation();
  const [query, setQuery] = useState<FalseAlarmRateQuery>({});
  const [form] = Form.useForm<{ range?: PartialRange; algorithmId?: number }>();
  const rates = useRates(query);
  const versions = rates.data?.versions ?? [];
  const rows: Row[] = (rates.data?.algorithms ?? []).map((a) => ({
    ...a,
    key: `a${a.algorithmId}`,
    children: versions
      .filter((v) => v.algorithmId === a.algorithmId)
      .map((v) => ({ ...v, key: `v${v.algorithmId}-${v.versionId ?? 'none'}` })),
  }));
  const columns: TableColumnsType<Row> = [
    {
      title: t('rate.algorithm'),
      key: 'name',
      render: (_, r) =>
        r.children ? r.algorithmName : r.versionNumber !== null ? `v${r.versionNumber}` : t('rate.noVersion'),
    },
    { title: t('rate.alarms'), dataIndex: 'alarms', align: 'right' },
    { title: t('rate.falsePositives'), dataIndex: 'falsePositives', align: 'right' },
    {
      title: t('rate.rate'),
      dataIndex: 'rate',
      align: 'right',
      render: (v: number) => `${(v * 100).toFixed(1)}%`,
    },
    { title: t('state.pending'), dataIndex: 'pending', align: 'right' },
    { title: t('state.accepted'), dataIndex: 'accepted', align: 'right' },
    { title: t('state.relabelled'), dataIndex: 'relabelled', align: 'right' },
    { title: t('state.dropped'), dataIndex: 'dropped', align: 'right' },
  ];
  return (
    <div data-testid="false-alarm-rate">
      <FilterBar
        form={form}
        onFinish={({ range, algorithmId }) =>
          setQuery({ ...rangeToQuery(range), ...(algorithmId ? { algorithmId } : {}) })
        }
        onReset={() => setQuery({})}
        testId="false-alarm-rate-filters"
        searchTestId="false-alarm-rate-search"
      >
        <TimeRangeField testId="false-alarm-rate-range" />
        <AlgorithmField label={t('filter.algorithm')} testId="false-alarm-rate-algorithm" minWidth={180} />
      </FilterBar>
      {rates.isError && !rates.data ? (
        <PageError message={rates.error.message} onRetry={() => rates.refetch()} />
      ) : (
        <Table<Row>
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={rates.isFetching}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          locale={{ emptyText: <Empty description={tc('noData')} /> }}
          onRow={(r) => ({ 'data-testid': `false-alarm-rate-${r.key}` }) as React.HTMLAttributes<HTMLElement>}
        />
      )}
    </div>
  );
}
