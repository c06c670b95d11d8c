import { type CameraHealthItem, cameraHealthListQuery } from '@sentinel/contract';
import { Alert, Button, Card, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { sameFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useCameraHealth, useDemoStream, useProbeNow } from '../api/cameras.ts';
import { CameraFilterBar } from '../components/camera-filters.tsx';
import { CheckHistoryDrawer } from '../components/check-history-drawer.tsx';
import { StateTag, useErrorText } from '../components/state-tag.tsx';

type Row = CameraHealthItem & { id: number };

/** /selfCheck/cameraRecord: every camera's derived state, probe now, demo stream switch, check history. */
export default function CameraRecordPage() {
  const { t } = useTranslation('selfCheckCameras');
  const errorText = useErrorText();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useUrlFilters(cameraHealthListQuery);
  const query = useCameraHealth({ ...paging, ...filters });
  const probe = useProbeNow();
  const demo = useDemoStream();
  const [history, setHistory] = useState<Row | null>(null);
  const rows: Row[] = (query.data?.list ?? []).map((r) => ({ ...r, id: r.cameraId }));
  const result = probe.data;

  const columns: TableColumnsType<Row> = [
    { title: t('column.camera'), dataIndex: 'name', render: (v: string, r) => `${v} (${r.code})` },
    { title: t('column.state'), dataIndex: 'state', render: (_: unknown, r) => <StateTag state={r.state} /> },
    { title: t('column.since'), dataIndex: 'since', render: (v: string | null) => formatTime(v) },
    {
      title: t('column.lastEvidence'),
      dataIndex: 'lastEvidenceAt',
      render: (v: string | null, r) =>
        v ? `${formatTime(v)} · ${t(`evidence.${r.lastEvidenceKind ?? 'stream'}`)}` : '—',
    },
    {
      title: t('column.lastError'),
      dataIndex: 'lastError',
      render: (v: string | null, r) => (v ? `${errorText(v)} (${formatTime(r.lastFailureAt)})` : '—'),
    },
    {
      title: t('column.uptime'),
      dataIndex: 'uptimePercent',
      render: (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} %`),
    },
    {
      title: t('column.target'),
      dataIndex: 'target',
      render: (v: string, r) => (
        <Space size={4}>
          {t(`target.${v}`)}
          {r.demoRunning === false && <Tag color="orange">{t('demoStopped')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            loading={probe.isPending && probe.variables === r.cameraId}
            onClick={() => probe.mutate(r.cameraId)}
            data-testid={`camera-probe-${r.cameraId}`}
          >
            {t('probeNow')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setHistory(r)}
            data-testid={`camera-history-${r.cameraId}`}
          >
            {t('history.open')}
          </Button>
          {r.demoRunning !== null && (
            <Button
              type="link"
              size="small"
              danger={r.demoRunning}
              loading={demo.isPending && demo.variables?.cameraId === r.cameraId}
              onClick={() => demo.mutate({ cameraId: r.cameraId, running: !r.demoRunning })}
              data-testid={`camera-demo-${r.cameraId}`}
            >
              {r.demoRunning ? t('demo.stop') : t('demo.start')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="camera-record-page">
      <CameraFilterBar
        testId="camera-record-filters"
        fields={['camera', 'keyword', 'state']}
        value={filters}
        onSearch={(next) => {
          const same = paging.page === 1 && sameFilters(next, filters);
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          if (same) void query.refetch();
        }}
      />
      {result && (
        <Alert
          style={{ marginBottom: 16 }}
          closable
          type={result.check.ok ? 'success' : 'error'}
          data-testid="camera-probe-result"
          message={t(result.check.ok ? 'probe.ok' : 'probe.failed', {
            name: result.camera.name,
            ms: result.check.latencyMs ?? 0,
            error: errorText(result.check.error),
            state: t(`state.${result.camera.state}`),
          })}
          onClose={() => probe.reset()}
        />
      )}
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<Row>
          testId="camera-record"
          columns={columns}
          dataSource={rows}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
      <CheckHistoryDrawer camera={history} onClose={() => setHistory(null)} />
    </Card>
  );
}
