import {
  CAMERA_TYPE_KINDS,
  type CameraTypeBody,
  type CameraTypeRow,
  cameraTypeBody,
} from '@sentinel/contract';
import {
  AutoComplete,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useEffect, useState } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useCameraTypes, useDeleteCameraType, useSaveCameraType } from '../api/camera-types.ts';
import { CrudToolbar } from '../components/crud-toolbar.tsx';

const f = cameraTypeBody.shape;

function CameraTypeModal({
  editing,
  onClose,
}: {
  editing: { row?: CameraTypeRow } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<CameraTypeBody>();
  const save = useSaveCameraType();
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.row) form.setFieldsValue(editing.row);
  }, [editing, form]);
  const submit = async () => {
    const body = await form.validateFields();
    try {
      await save.mutateAsync({ id: editing?.row?.id, body });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={editing !== null}
      title={editing?.row ? t('cameraType.edit') : t('cameraType.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="cameraType" onFinish={submit}>
        <Form.Item name="brand" label={t('field.brand')} required rules={[zodRule(f.brand)]}>
          <Input maxLength={64} autoFocus placeholder="海康威视" />
        </Form.Item>
        <Form.Item name="model" label={t('field.model')} required rules={[zodRule(f.model)]}>
          <Input maxLength={64} placeholder="DS-2CD3T46" />
        </Form.Item>
        <Form.Item name="type" label={t('field.type')} required rules={[zodRule(f.type)]}>
          <AutoComplete
            options={CAMERA_TYPE_KINDS.map((k) => ({ value: k, label: `${t(`typeKind.${k}`)} (${k})` }))}
            maxLength={32}
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** /deviceManagement/cameraType: brand + model + type, a combination cannot repeat. */
export default function CameraTypePage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const buttons = useButtons('cameraType');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ row?: CameraTypeRow } | null>(null);
  const query = useCameraTypes({ ...paging, keyword });
  const remove = useDeleteCameraType();

  const columns: TableColumnsType<CameraTypeRow> = [
    { title: t('field.brand'), dataIndex: 'brand' },
    { title: t('field.model'), dataIndex: 'model' },
    {
      title: t('field.type'),
      dataIndex: 'type',
      render: (v: string) => t(`typeKind.${v}`, { defaultValue: v }),
    },
    { title: t('field.cameraCount'), dataIndex: 'cameraCount', width: 120 },
    { title: t('field.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: formatTime },
    {
      title: tc('actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          {buttons.can('cameraType:edit') ? (
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              {tc('edit')}
            </Button>
          ) : null}
          {buttons.can('cameraType:delete') ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDialog({
                  title: tc('confirmDelete'),
                  content: `${row.brand} ${row.model}`,
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
    <Card variant="borderless" data-testid="camera-type-page">
      <CrudToolbar
        testId="camera-type"
        placeholder={t('cameraType.keyword')}
        onSearch={(k) => {
          setKeyword(k);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        addLabel={t('cameraType.add')}
        onAdd={buttons.can('cameraType:add') ? () => setEditing({}) : undefined}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<CameraTypeRow>
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
      <CameraTypeModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
