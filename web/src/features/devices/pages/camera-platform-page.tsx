import { PLATFORM_KINDS, type PlatformBody, type PlatformRow, platformBody } from '@sentinel/contract';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
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
import { useDeletePlatform, usePlatforms, useSavePlatform } from '../api/platforms.ts';
import { CrudToolbar } from '../components/crud-toolbar.tsx';

const f = platformBody.shape;

function PlatformModal({ editing, onClose }: { editing: { row?: PlatformRow } | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<PlatformBody>();
  const save = useSavePlatform();
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const row = editing.row;
    form.setFieldsValue(
      row ? { ...row, kind: row.kind as PlatformBody['kind'] } : { kind: 'nvr', port: 8000 },
    );
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
      title={editing?.row ? t('platform.edit') : t('platform.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" name="platform" onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
              <Input maxLength={64} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="kind" label={t('field.platformKind')} required>
              <Select options={PLATFORM_KINDS.map((k) => ({ value: k, label: t(`platformKind.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="ip" label={t('field.ip')} required rules={[zodRule(f.ip)]}>
              <Input maxLength={15} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="port" label={t('field.port')} required rules={[zodRule(f.port)]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="username" label={t('field.username')} rules={[zodRule(f.username)]}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('field.description')} rules={[zodRule(f.description)]}>
              <Input.TextArea maxLength={500} rows={3} />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** /deviceManagement/cameraPlatform: NVRs, GB28181 and vendor platforms cameras are reached through. */
export default function CameraPlatformPage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const buttons = useButtons('cameraPlatform');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ row?: PlatformRow } | null>(null);
  const query = usePlatforms({ ...paging, keyword });
  const remove = useDeletePlatform();

  const columns: TableColumnsType<PlatformRow> = [
    { title: t('field.name'), dataIndex: 'name' },
    {
      title: t('field.platformKind'),
      dataIndex: 'kind',
      render: (k: string) => <Tag>{t(`platformKind.${k}`, { defaultValue: k })}</Tag>,
    },
    { title: t('field.address'), key: 'addr', render: (_, r) => `${r.ip}:${r.port}` },
    { title: t('field.username'), dataIndex: 'username', responsive: ['md'] },
    { title: t('field.cameraCount'), dataIndex: 'cameraCount', width: 110 },
    { title: t('field.description'), dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
    {
      title: tc('actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          {buttons.can('cameraPlatform:edit') ? (
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              {tc('edit')}
            </Button>
          ) : null}
          {buttons.can('cameraPlatform:delete') ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDialog({
                  title: tc('confirmDelete'),
                  content:
                    row.cameraCount > 0
                      ? t('platform.deleteKeepsCameras', { count: row.cameraCount })
                      : row.name,
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
    <Card variant="borderless" data-testid="camera-platform-page">
      <CrudToolbar
        testId="platform"
        placeholder={t('platform.keyword')}
        onSearch={(k) => {
          setKeyword(k);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        addLabel={t('platform.add')}
        onAdd={buttons.can('cameraPlatform:add') ? () => setEditing({}) : undefined}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<PlatformRow>
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
      <PlatformModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
