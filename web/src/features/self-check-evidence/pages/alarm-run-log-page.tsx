import { type RunLogRow, runLogQuery, SILENCE_FACTOR, SILENCE_MIN_WEEK_ALARMS } from '@sentinel/contract';
import { Card, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { sameFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useRunLog } from '../api/run-evidence.ts';
import { EvidenceFilterBar } from '../components/evidence-filters.tsx';
import { formatDuration } from '../lib/format.ts';

type Row = RunLogRow & { id: number };

/**
 * /selfCheck/alarmRunLog: per scene × camera × algorithm binding, its alarms over a range (default
 * the last 24 h): last alarm, count, rate, silence and the silent flag (rule in the contract). The
 * filters live in the URL: the matrix drills here with ?sceneId&cameraId&algorithmId.
 */
export default function AlarmRunLogPage() {
  const { t } = useTranslation('selfCheckEvidence');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useUrlFilters(runLogQuery);
  const query = useRunLog({ ...filters, ...paging });
  const rows: Row[] = (query.data?.rows ?? []).map((r) => ({ ...r, id: r.bindingId }));

  const columns: TableColumnsType<Row> = [
    { title: t('column.scene'), dataIndex: 'sceneName' },
    { title: t('column.camera'), dataIndex: 'cameraName' },
    { title: t('column.algorithm'), dataIndex: 'algorithmName' },
    {
      title: t('column.state'),
      key: 'state',
      render: (_, r) =>
        !r.enabled ? (
          <Tag>{t('state.disabled')}</Tag>
        ) : r.silent ? (
          <Tag color="orange" data-testid={`run-log-silent-${r.bindingId}`}>
            {t('state.silent')}
          </Tag>
        ) : (
          <Tag color="green">{t('state.ok')}</Tag>
        ),
    },
    {
      title: t('column.camera24'),
      dataIndex: 'cameraOnline',
      render: (v: boolean | null) =>
        v === null ? (
          <Tag>{t('online.unknown')}</Tag>
        ) : v ? (
          <Tag color="green">{t('online.yes')}</Tag>
        ) : (
          <Tag color="red">{t('online.no')}</Tag>
        ),
    },
    {
      title: t('column.lastAlarm'),
      dataIndex: 'lastAlarmAt',
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
    {
      title: t('column.alarms'),
      dataIndex: 'alarmsInRange',
      render: (v: number, r) => <span data-testid={`run-log-count-${r.bindingId}`}>{v}</span>,
    },
    { title: t('column.rate'), dataIndex: 'ratePerHour' },
    { title: t('column.weekAlarms'), dataIndex: 'weekAlarms' },
    { title: t('column.silence'), dataIndex: 'silenceSeconds', render: formatDuration },
    { title: t('column.threshold'), dataIndex: 'thresholdSeconds', render: formatDuration },
  ];

  return (
    <Card variant="borderless" data-testid="alarm-run-log-page">
      <EvidenceFilterBar
        testId="run-log"
        withRange
        value={filters}
        onSearch={(next) => {
          const same = paging.page === 1 && sameFilters(next, filters);
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          if (same) void query.refetch();
        }}
      />
      {query.data && (
        <Typography.Paragraph type="secondary" data-testid="run-log-range">
          {t('range', { start: formatTime(query.data.startTime), end: formatTime(query.data.endTime) })}{' '}
          {t('rule', { factor: SILENCE_FACTOR, min: SILENCE_MIN_WEEK_ALARMS })}
        </Typography.Paragraph>
      )}
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<Row>
          testId="run-log"
          columns={columns}
          dataSource={rows}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.total ?? 0, setPaging)}
        />
      )}
    </Card>
  );
}
