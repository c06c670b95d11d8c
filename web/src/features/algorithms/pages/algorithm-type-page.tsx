import { PlusOutlined } from '@ant-design/icons';
import { type AlgorithmTypeBody, type AlgorithmTypeItem, algorithmTypeBody } from '@sentinel/contract';
import {
  Button,
  type ButtonProps,
  Card,
  Empty,
  Flex,
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
import { useAlgorithmTypes, useDeleteAlgorithmType, useSaveAlgorithmType } from '../api/algorithm-types.ts';

const f = algorithmTypeBody.shape;

function TypeModal({
  editing,
  onClose,
}: {
  editing: { row?: AlgorithmTypeItem } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('algorithms');
  const [form] = Form.useForm<AlgorithmTypeBody>();
  const save = useSaveAlgorithmType();
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
      title={editing?.row ? t('type.edit') : t('type.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'algorithm-type-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical" name="algorithmType" onFinish={submit}>
        <Form.Item name="name" label={t('field.typeName')} required rules={[zodRule(f.name)]}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** /systemSettings/algorithmType: the groups of the algorithms catalogue. */
export default function AlgorithmTypePage() {
  const { t } = useTranslation('algorithms');
  const { t: tc } = useTranslation();
  const buttons = useButtons('algorithmType');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ row?: AlgorithmTypeItem } | null>(null);
  const query = useAlgorithmTypes({ ...paging, keyword });
  const remove = useDeleteAlgorithmType();

  const columns: TableColumnsType<AlgorithmTypeItem> = [
    { title: t('field.typeName'), dataIndex: 'name' },
    { title: t('field.description'), dataIndex: 'description', ellipsis: true },
    { title: t('field.algorithmCount'), dataIndex: 'algorithmCount', width: 120 },
    { title: t('field.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: formatTime },
    {
      title: tc('actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Space size={0}>
          {buttons.can('algorithmType:edit') ? (
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              {tc('edit')}
            </Button>
          ) : null}
          {buttons.can('algorithmType:delete') ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDialog({
                  title: tc('confirmDelete'),
                  content: row.name,
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
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
    <Card variant="borderless" data-testid="algorithm-type-page">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('type.keyword')}
          aria-label={t('type.keyword')}
          enterButton={tc('search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ maxWidth: 320 }}
        />
        {buttons.can('algorithmType:add') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="algorithm-type-add"
          >
            {t('type.add')}
          </Button>
        ) : null}
      </Flex>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<AlgorithmTypeItem>
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
      <TypeModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
