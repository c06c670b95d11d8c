import type { CameraCheckItem } from '@sentinel/contract';
import { Drawer, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useCameraChecks } from '../api/cameras.ts';
import { useErrorText } from './state-tag.tsx';

/** A camera's check history (stream probes and snapshots), newest first. */
export function CheckHistoryDrawer({
  camera,
  onClose,
}: {
  camera: { cameraId: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('selfCheckCameras');
  const errorText = useErrorText();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const query = useCameraChecks(camera?.cameraId, paging);
  const columns: TableColumnsType<CameraCheckItem> = [
    { title: t('column.checkedAt'), dataIndex: 'checkedAt', render: (v: string) => formatTime(v) },
    { title: t('column.kind'), dataIndex: 'kind', render: (v: string) => t(`kind.${v}`) },
    {
      title: t('column.result'),
      dataIndex: 'ok',
      render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? t('ok') : t('failed')}</Tag>,
    },
    {
      title: t('column.latency'),
      dataIndex: 'latencyMs',
      render: (v: number | null) => (v === null ? '—' : `${v} ms`),
    },
    { title: t('column.error'), dataIndex: 'error', render: errorText },
  ];
  return (
    <Drawer
      open={camera !== null}
      onClose={onClose}
      width={760}
      title={camera ? t('history.title', { name: camera.name }) : ''}
      destroyOnHidden
      data-testid="camera-check-drawer"
    >
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<CameraCheckItem>
          testId="camera-checks"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isPending && camera !== null}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
    </Drawer>
  );
}
