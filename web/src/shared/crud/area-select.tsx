import type { PlantTreeNode } from '@sentinel/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { usePlantTree } from './use-plant-tree.ts';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

const toOptions = (nodes: PlantTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    children: n.children?.length ? toOptions(n.children) : undefined,
  }));

/** Picks a node of the plant tree (factory, plant or area). Empty while the tree is unavailable. */
export function AreaSelect({
  value,
  onChange,
  id,
  placeholder,
  style,
  testId,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { data, isPending } = usePlantTree();
  const treeData = useMemo(() => toOptions(data ?? []), [data]);
  return (
    <TreeSelect
      id={id}
      // In a form the field's label names it; as a list filter the placeholder does.
      aria-label={id ? undefined : (placeholder ?? t('crud.area'))}
      data-testid={testId}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={treeData}
      loading={isPending}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={placeholder ?? t('crud.area')}
      notFoundContent={t('crud.noAreas')}
      style={style}
      popupMatchSelectWidth={false}
    />
  );
}
