import { PlusOutlined } from '@ant-design/icons';
import type { AlgorithmItem } from '@sentinel/contract';
import { Button, Card, Empty, Flex, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useAllAlgorithmTypes } from '../api/algorithm-types.ts';
import { useAlgorithms, useDeleteAlgorithm } from '../api/algorithms.ts';
import { AlgorithmFormDrawer } from '../components/algorithm-form-drawer.tsx';
import { PriorityTags } from '../components/priority-tags.tsx';

/** /systemSettings/algorithmSetting ("algorithm configuration"): the algorithms catalogue. */
export default function AlgorithmSettingPage() {
  const { t } = useTranslation('algorithms');
  const { t: tc } = useTranslation();
  const buttons = useButtons('algorithmSetting');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ row?: AlgorithmItem } | null>(null);
  const query = useAlgorithms({ ...paging, keyword, ...(typeId ? { typeId } : {}) });
  const types = useAllAlgorithmTypes();
  const remove = useDeleteAlgorithm();

  const columns: TableColumnsType<AlgorithmItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    { title: t('field.type'), dataIndex: 'typeName', render: (v: string | null) => v ?? '—' },
    { title: t('field.model'), dataIndex: 'model', responsive: ['md'] },
    { title: t('field.instance'), dataIndex: 'instance', responsive: ['lg'] },
    {
      title: t('field.levels'),
      key: 'levels',
      render: (_, row) => <PriorityTags levels={row.levels} defaultLevel={row.defaultLevel} />,
    },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => (v ? <Tag color="green">{tc('enabled')}</Tag> : <Tag>{tc('disabled')}</Tag>),
    },
    {
      title: tc('actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Space size={0}>
          {buttons.can('algorithmSetting:edit') ? (
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ row })}
              data-testid={`algorithm-${row.code}-edit`}
            >
              {tc('edit')}
            </Button>
          ) : null}
          {buttons.can('algorithmSetting:delete') ? (
            <Button
              type="link"
              size="small"
              danger
              data-testid={`algorithm-${row.code}-delete`}
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
    <Card variant="borderless" data-testid="algorithm-page">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Flex wrap gap={8}>
          <Input.Search
            allowClear
            placeholder={t('algorithm.keyword')}
            aria-label={t('algorithm.keyword')}
            enterButton={tc('search')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            style={{ maxWidth: 320 }}
            data-testid="algorithm-keyword"
          />
          <Select<number>
            allowClear
            placeholder={t('field.type')}
            aria-label={t('field.type')}
            value={typeId ?? undefined}
            onChange={(v) => {
              setTypeId(v ?? null);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            style={{ minWidth: 180 }}
          />
        </Flex>
        {buttons.can('algorithmSetting:add') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="algorithm-add"
          >
            {t('algorithm.add')}
          </Button>
        ) : null}
      </Flex>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<AlgorithmItem>
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
      <AlgorithmFormDrawer editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
