import { ApartmentOutlined, ClusterOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { PlantKind, PlantTreeNode } from '@sentinel/contract';
import { Button, Card, Empty, Input, Space, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { allIds, filterTree } from '../lib/tree-utils.ts';

const ICONS: Record<PlantKind, React.ReactNode> = {
  factory: <ClusterOutlined />,
  plant: <ApartmentOutlined />,
  area: <EnvironmentOutlined />,
};

function highlight(name: string, keyword: string): React.ReactNode {
  const needle = keyword.trim();
  const at = needle ? name.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <mark style={{ padding: 0, background: '#ffe58f' }}>{name.slice(at, at + needle.length)}</mark>
      {name.slice(at + needle.length)}
    </>
  );
}

function toTreeData(nodes: PlantTreeNode[], keyword: string): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: <span data-testid={`tree-node-${n.name}`}>{highlight(n.name, keyword)}</span>,
    icon: ICONS[n.kind],
    children: toTreeData(n.children, keyword),
  }));
}

/** The whole plant tree with search, expand / collapse all and (when allowed) "add factory". */
export function PlantTreePanel({
  tree,
  selectedId,
  onSelect,
  onAddFactory,
}: {
  tree: PlantTreeNode[];
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  onAddFactory?: () => void;
}) {
  const { t } = useTranslation('plant');
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const filtered = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const data = useMemo(() => toTreeData(filtered.tree, keyword), [filtered, keyword]);
  // Everything open until the user expands or collapses; while searching: the matches.
  const defaultExpanded = useMemo(
    () => (keyword.trim() ? filtered.expand : allIds(tree)),
    [keyword, filtered, tree],
  );
  const expandedKeys = keyword.trim() ? filtered.expand : (expanded ?? defaultExpanded);

  return (
    <Card
      title={t('tree.title')}
      size="small"
      extra={
        onAddFactory ? (
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={onAddFactory}
            data-testid="add-factory"
          >
            {t('tree.addFactory')}
          </Button>
        ) : null
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('tree.search')}
          onChange={(e) => setKeyword(e.target.value)}
          aria-label={t('tree.search')}
          data-testid="tree-search"
        />
        <Space wrap>
          <Button size="small" onClick={() => setExpanded(allIds(tree))} data-testid="expand-all">
            {t('tree.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t('tree.collapseAll')}
          </Button>
        </Space>
        {data.length === 0 ? (
          <Empty
            description={keyword.trim() ? t('tree.noMatch') : undefined}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
          />
        ) : (
          <Tree
            showIcon
            blockNode
            treeData={data}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(Number))}
            selectedKeys={selectedId === undefined ? [] : [selectedId]}
            onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : undefined)}
            style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 200, overflow: 'auto' }}
            data-testid="plant-tree"
          />
        )}
      </Space>
    </Card>
  );
}
