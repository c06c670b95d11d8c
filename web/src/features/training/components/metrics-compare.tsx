import type { VersionMetrics } from '@sentinel/contract';
import { Table } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const pct = (v: number | undefined) => (v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

/** The new version's metrics next to the live version's (the publish gate compares them). */
export function MetricsCompare({
  live,
  result,
}: {
  live: { number: number; metrics: VersionMetrics | null } | null;
  result: { number: number; metrics: VersionMetrics | null };
}) {
  const { t } = useTranslation('training');
  const rows = (['precision', 'recall', 'falsePositiveRate'] as const).map((key) => ({
    key,
    name: t(`metric.${key}`),
    live: pct(live?.metrics?.[key]),
    result: pct(result.metrics?.[key]),
  }));
  return (
    <Table
      size="small"
      pagination={false}
      data-testid="metrics-compare"
      dataSource={rows}
      columns={[
        { title: t('metric.name'), dataIndex: 'name' },
        { title: live ? t('metric.live', { n: live.number }) : t('metric.noLive'), dataIndex: 'live' },
        { title: t('metric.new', { n: result.number }), dataIndex: 'result' },
      ]}
    />
  );
}
