import { PlusOutlined } from '@ant-design/icons';
import type { PlantTreeNode } from '@sentinel/contract';
import { Button, Card, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { usePlantTree } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { KIND_COLORS } from '../components/node-detail.tsx';
import { NodeFormModal, type NodeFormTarget } from '../components/node-form-modal.tsx';
import { useDeleteNode } from '../components/use-delete-node.ts';

interface Row {
  key: number;
  node: PlantTreeNode;
  plants?: number;
  areas: number;
  children?: Row[];
}

const countAreas = (node: PlantTreeNode): number =>
  node.children.reduce((sum, c) => sum + (c.kind === 'area' ? 1 : 0) + countAreas(c), 0);

/** /systemSettings/factorySettings: factories and their plants (areas live in regional settings). */
export default function FactorySettingsPage() {
  const { t } = useTranslation('plant');
  const { t: tc } = useTranslation();
  const { data: tree, isPending, isError, error, refetch } = usePlantTree();
  const { can } = useButtons('factorySettings');
  const [target, setTarget] = useState<NodeFormTarget | null>(null);
  const deleteNode = useDeleteNode();

  const rows = useMemo<Row[]>(
    () =>
      (tree ?? []).map((factory) => ({
        key: factory.id,
        node: factory,
        plants: factory.children.filter((c) => c.kind === 'plant').length,
        areas: countAreas(factory),
        children: factory.children
          .filter((c) => c.kind === 'plant')
          .map((plant) => ({ key: plant.id, node: plant, areas: countAreas(plant) })),
      })),
    [tree],
  );

  const columns: TableColumnsType<Row> = [
    {
      title: t('factory.name'),
      key: 'name',
      render: (_, row) => <span data-testid={`factory-row-${row.node.name}`}>{row.node.name}</span>,
    },
    {
      title: t('factory.kind'),
      key: 'kind',
      width: 100,
      render: (_, row) => <Tag color={KIND_COLORS[row.node.kind]}>{t(`kind.${row.node.kind}`)}</Tag>,
    },
    { title: t('factory.code'), key: 'code', width: 140, render: (_, row) => row.node.code || '—' },
    { title: t('factory.plants'), key: 'plants', width: 90, render: (_, row) => row.plants ?? '—' },
    { title: t('factory.areas'), key: 'areas', width: 90, render: (_, row) => row.areas },
    {
      title: t('factory.description'),
      key: 'description',
      ellipsis: true,
      responsive: ['lg'],
      render: (_, row) => row.node.description || '—',
    },
    {
      title: tc('actions'),
      key: 'actions',
      width: 220,
      render: (_, row) => (
        <Space size={0} wrap>
          {row.node.kind === 'factory' && can('factorySettings:add') ? (
            <Button
              type="link"
              size="small"
              onClick={() => setTarget({ mode: 'add', kind: 'plant', parentId: row.node.id })}
            >
              {t('action.addPlant')}
            </Button>
          ) : null}
          {can('factorySettings:edit') ? (
            <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', node: row.node })}>
              {tc('edit')}
            </Button>
          ) : null}
          {can('factorySettings:delete') ? (
            <Button type="link" size="small" danger onClick={() => deleteNode(row.node)}>
              {tc('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  if (isPending) return <PageLoading />;
  if (isError) return <PageError message={error.message} onRetry={() => void refetch()} />;
  return (
    <Card
      title={t('factory.title')}
      size="small"
      extra={
        can('factorySettings:add') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setTarget({ mode: 'add', kind: 'factory' })}
          >
            {t('tree.addFactory')}
          </Button>
        ) : null
      }
    >
      <Table<Row>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: <PageEmpty /> }}
        scroll={{ x: 720 }}
        data-testid="factory-table"
      />
      <NodeFormModal target={target} tree={tree} onClose={() => setTarget(null)} />
    </Card>
  );
}
