import { type RotationBody, type RotationRow, rotationBody } from '@sentinel/contract';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useDeleteRotation, useRotations, useSaveRotation } from '../api/rotations.ts';
import { CrudToolbar } from '../components/crud-toolbar.tsx';
import { RotationMembers } from '../components/rotation-members.tsx';

const f = rotationBody.shape;

function RotationModal({ editing, onClose }: { editing: { row?: RotationRow } | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<RotationBody>();
  const save = useSaveRotation();
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const row = editing.row;
    form.setFieldsValue(
      row
        ? { name: row.name, intervalSeconds: row.intervalSeconds, cameraIds: row.cameras.map((c) => c.id) }
        : { intervalSeconds: 30, cameraIds: [] },
    );
  }, [editing, form]);
  const submit = async () => {
    const body = await form.validateFields();
    try {
      await save.mutateAsync({ id: editing?.row?.id, body: { ...body, cameraIds: body.cameraIds ?? [] } });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={editing !== null}
      title={editing?.row ? t('rotation.edit') : t('rotation.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" name="rotation" onFinish={submit}>
        <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item
          name="intervalSeconds"
          label={t('field.intervalSeconds')}
          required
          rules={[zodRule(f.intervalSeconds)]}
        >
          <InputNumber style={{ width: 200 }} addonAfter={t('seconds')} />
        </Form.Item>
        <Form.Item name="cameraIds" label={t('field.cameras')}>
          <RotationMembers />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /deviceManagement/cameraRotationSet: camera tours for the video wall. */
export default function CameraRotationPage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const buttons = useButtons('cameraRotationSet');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ row?: RotationRow } | null>(null);
  const query = useRotations({ ...paging, keyword });
  const remove = useDeleteRotation();

  const columns: TableColumnsType<RotationRow> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.intervalSeconds'), dataIndex: 'intervalSeconds', width: 140 },
    {
      title: t('field.cameras'),
      key: 'cameras',
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.cameras.map((c, i) => (
            <Tag key={c.id} color={c.online ? 'green' : undefined}>
              {i + 1}. {c.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: tc('actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          {buttons.can('cameraRotationSet:edit') ? (
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              {tc('edit')}
            </Button>
          ) : null}
          {buttons.can('cameraRotationSet:delete') ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDialog({
                  title: tc('confirmDelete'),
                  content: row.name,
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
    <Card variant="borderless" data-testid="camera-rotation-page">
      <CrudToolbar
        testId="rotation"
        placeholder={t('rotation.keyword')}
        onSearch={(k) => {
          setKeyword(k);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        addLabel={t('rotation.add')}
        onAdd={buttons.can('cameraRotationSet:add') ? () => setEditing({}) : undefined}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<RotationRow>
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
      <RotationModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
