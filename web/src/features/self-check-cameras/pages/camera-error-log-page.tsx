import { type OutageItem, outageListQuery } from '@sentinel/contract';
import { Card, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { filtersUrl, sameFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useOutages } from '../api/cameras.ts';
import { CameraFilterBar } from '../components/camera-filters.tsx';
import { useErrorText } from '../components/state-tag.tsx';
import { formatDuration } from '../lib/duration.ts';

/** /selfCheck/cameraErrorLog: camera outages, open ones first, with cause and duration. */
export default function CameraErrorLogPage() {
  const { t } = useTranslation('selfCheckCameras');
  const errorText = useErrorText();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useUrlFilters(outageListQuery);
  const query = useOutages({ ...paging, ...filters });
  const columns: TableColumnsType<OutageItem> = [
    {
      title: t('column.camera'),
      dataIndex: 'cameraName',
      render: (v: string, r) => (
        <Link to={filtersUrl('/selfCheck/cameraRecord', { cameraId: r.cameraId })}>{v}</Link>
      ),
    },
    { title: t('column.cause'), dataIndex: 'cause', render: (v: string) => t(`cause.${v}`) },
    { title: t('column.started'), dataIndex: 'startedAt', render: (v: string) => formatTime(v) },
    {
      title: t('column.ended'),
      dataIndex: 'endedAt',
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
    {
      title: t('column.duration'),
      dataIndex: 'durationSeconds',
      render: (v: number, r) => (
        <span>
          {formatDuration(v, t)} {r.open && <Tag color="red">{t('open')}</Tag>}
        </span>
      ),
    },
    { title: t('column.error'), dataIndex: 'error', render: errorText },
  ];
  return (
    <Card variant="borderless" data-testid="camera-error-log-page">
      <CameraFilterBar
        testId="camera-outage-filters"
        fields={['camera', 'range', 'cause', 'openOnly']}
        value={filters}
        onSearch={(next) => {
          const same = paging.page === 1 && sameFilters(next, filters);
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          if (same) void query.refetch();
        }}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<OutageItem>
          testId="camera-outages"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
    </Card>
  );
}
