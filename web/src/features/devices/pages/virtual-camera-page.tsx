import { type CameraRow, type VirtualCameraBody, virtualCameraBody } from '@sentinel/contract';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { AreaSelect, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useDeleteVirtualCamera, useSaveVirtualCamera, useVirtualCameras } from '../api/virtual-cameras.ts';
import { CrudToolbar } from '../components/crud-toolbar.tsx';
import { SnapshotCell } from '../components/snapshot-cell.tsx';

const f = virtualCameraBody.shape;

/** mp4 / HLS / FLV / stream, from the source address. */
function sourceKind(source: string): string {
  const path = source.split('?')[0]?.toLowerCase() ?? '';
  if (path.endsWith('.m3u8')) return 'HLS';
  if (path.endsWith('.flv')) return 'FLV';
  if (path.endsWith('.mp4')) return 'MP4';
  return source.split(':')[0]?.toUpperCase() ?? '';
}

function VirtualCameraModal({
  editing,
  onClose,
}: {
  editing: { row?: CameraRow } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<VirtualCameraBody>();
  const save = useSaveVirtualCamera();
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const row = editing.row;
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            code: row.code,
            source: row.mainStreamUrl,
            areaId: row.areaId,
            positionLabel: row.positionLabel,
            enabled: row.enabled,
          }
        : { enabled: true, areaId: null },
    );
  }, [editing, form]);
  const submit = async () => {
    const body = await form.validateFields();
    try {
      await save.mutateAsync({ id: editing?.row?.id, body: { ...body, areaId: body.areaId ?? null } });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={editing !== null}
      title={editing?.row ? t('virtual.edit') : t('virtual.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" name="virtualCamera" onFinish={submit}>
        <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item name="code" label={t('field.code')} required rules={[zodRule(f.code)]}>
          <Input maxLength={64} placeholder="VCAM-001" />
        </Form.Item>
        <Form.Item
          name="source"
          label={t('field.source')}
          required
          rules={[zodRule(f.source)]}
          extra={t('virtual.sourceHint')}
        >
          <Input maxLength={500} placeholder="http://10.0.0.5/videos/demo.mp4" />
        </Form.Item>
        <Form.Item name="areaId" label={t('field.area')}>
          <AreaSelect id="virtualCamera_areaId" />
        </Form.Item>
        <Form.Item name="positionLabel" label={t('field.positionLabel')} rules={[zodRule(f.positionLabel)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="enabled" label={tc('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** /deviceManagement/virtualCamera: a video file or url that behaves as a camera. */
export default function VirtualCameraPage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const buttons = useButtons('virtualCamera');
  const snapshots = useButtons('cameraSet');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ row?: CameraRow } | null>(null);
  const query = useVirtualCameras({ ...paging, keyword });
  const remove = useDeleteVirtualCamera();

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
          canUpload={snapshots.can('cameraSet:snapshot')}
        />
      ),
    },
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    {
      title: t('field.source'),
      dataIndex: 'mainStreamUrl',
      render: (source: string) => (
        <Space>
          <Tag>{sourceKind(source)}</Tag>
          <Typography.Text copyable ellipsis style={{ maxWidth: 320 }}>
            {source}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('field.area'), dataIndex: 'areaName', responsive: ['md'], render: (v: string) => v || '—' },
    {
      title: tc('enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean) =>
        enabled ? <Tag color="blue">{tc('enabled')}</Tag> : <Tag>{tc('disabled')}</Tag>,
    },
    {
      title: tc('actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          {buttons.can('virtualCamera:edit') ? (
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              {tc('edit')}
            </Button>
          ) : null}
          {buttons.can('virtualCamera:delete') ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDialog({
                  title: tc('confirmDelete'),
                  content: `${row.name} (${row.code})`,
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutateAsync(row.id),
                })
              }
            >
              {tc('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="virtual-camera-page">
      <CrudToolbar
        testId="virtual"
        placeholder={t('filter.keyword')}
        onSearch={(k) => {
          setKeyword(k);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        addLabel={t('virtual.add')}
        onAdd={buttons.can('virtualCamera:add') ? () => setEditing({}) : undefined}
      />
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
          locale={{ emptyText: <Empty description={tc('noData')} /> }}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
      <VirtualCameraModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
