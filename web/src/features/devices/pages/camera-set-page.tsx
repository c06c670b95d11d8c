import { PlusOutlined } from '@ant-design/icons';
import { AGREEMENT_LABELS, type CameraAgreement, type CameraRow } from '@sentinel/contract';
import { Button, Card, Empty, Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useCameras, useDeleteCamera } from '../api/cameras.ts';
import { CameraFilters, type CameraFilterValues, NO_FILTERS } from '../components/camera-filters.tsx';
import { CameraFormDrawer } from '../components/camera-form-drawer.tsx';
import { CameraPlayDialog } from '../components/camera-play-dialog.tsx';
import { OnlineBadge } from '../components/online-badge.tsx';
import { SnapshotCell } from '../components/snapshot-cell.tsx';

/** /deviceManagement/cameraSet: the camera list with search, filters and the SPEC's pagination. */
export default function CameraSetPage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const buttons = useButtons('cameraSet');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<CameraFilterValues>(NO_FILTERS);
  const [editing, setEditing] = useState<{ camera?: CameraRow } | null>(null);
  const [playing, setPlaying] = useState<CameraRow | null>(null);
  const remove = useDeleteCamera();
  const query = useCameras({ ...paging, ...filters, virtual: false });

  const confirmRemove = (row: CameraRow) =>
    confirmDialog({
      title: tc('confirmDelete'),
      content: `${row.name} (${row.code})`,
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id),
    });

  const columns: TableColumnsType<CameraRow> = [
    {
      title: t('field.snapshot'),
      key: 'snapshot',
      width: 120,
      render: (_, row) => (
        <SnapshotCell
          cameraId={row.id}
          url={row.snapshotUrl}
          name={row.name}
          canUpload={buttons.can('cameraSet:snapshot')}
        />
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.code}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('field.cameraType'),
      key: 'type',
      responsive: ['lg'],
      render: (_, row) =>
        row.brand ? (
          <Space orientation="vertical" size={0}>
            <span>
              {row.brand} {row.model}
            </span>
            <Tag>{t(`typeKind.${row.type}`, { defaultValue: row.type })}</Tag>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('field.address'),
      key: 'ip',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: row.ip }}>{row.ip}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {AGREEMENT_LABELS[row.agreement as CameraAgreement] ?? row.agreement} · {row.videoPort ?? '—'}
            {row.controlPort ? ` / ${row.controlPort}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('field.area'), dataIndex: 'areaName', render: (v: string) => v || '—' },
    {
      title: t('field.mounting'),
      dataIndex: 'moving',
      responsive: ['xl'],
      render: (moving: boolean) => (moving ? t('mounting.moving') : t('mounting.fixed')),
    },
    {
      title: t('field.status'),
      dataIndex: 'online',
      width: 100,
      render: (online: boolean) => <OnlineBadge online={online} />,
    },
    {
      title: tc('enabled'),
      dataIndex: 'enabled',
      width: 90,
      responsive: ['md'],
      render: (enabled: boolean) =>
        enabled ? <Tag color="blue">{tc('enabled')}</Tag> : <Tag>{tc('disabled')}</Tag>,
    },
    {
      title: tc('actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => setPlaying(row)}
            data-testid={`camera-play-${row.id}`}
          >
            {t('camera.play')}
          </Button>
          {buttons.can('cameraSet:edit') ? (
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ camera: row })}
              data-testid={`camera-edit-${row.id}`}
            >
              {tc('edit')}
            </Button>
          ) : null}
          {buttons.can('cameraSet:delete') ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmRemove(row)}
              data-testid={`camera-delete-${row.id}`}
            >
              {tc('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="camera-set-page">
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <CameraFilters
          onSearch={(values) => {
            setFilters(values);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {buttons.can('cameraSet:add') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="camera-add"
          >
            {t('camera.add')}
          </Button>
        ) : null}
      </Flex>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<CameraRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty data-testid="page-empty" description={tc('noData')} /> }}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
          data-testid="camera-table"
        />
      )}
      <CameraFormDrawer open={editing !== null} camera={editing?.camera} onClose={() => setEditing(null)} />
      <CameraPlayDialog camera={playing} onClose={() => setPlaying(null)} />
    </Card>
  );
}
