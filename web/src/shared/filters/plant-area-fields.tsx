import { Form, type FormInstance, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { usePlantTree } from '../crud/use-plant-tree.ts';
import { plantTreeOptions } from './picker-fields.tsx';

interface PlantAreaFieldsProps {
  // biome-ignore lint/suspicious/noExplicitAny: any filter form that has factoryId and areaId
  form: FormInstance<any>;
  factoryLabel: string;
  areaLabel: string;
  /** data-testid prefix: `<prefix>-factory`, `<prefix>-area`. */
  testId?: string;
  /** After the plant changed (its area was cleared). */
  onFactoryChange?: () => void;
}

const wide = { minWidth: 160 };

/**
 * Plant (factory, form field `factoryId`) and area (`areaId`, the chosen plant's subtree, or every
 * plant's) pickers of a filter form; choosing another plant clears the area.
 */
export function PlantAreaFields({
  form,
  factoryLabel,
  areaLabel,
  testId,
  onFactoryChange,
}: PlantAreaFieldsProps) {
  const factoryId = Form.useWatch('factoryId', form) as number | undefined;
  const tree = usePlantTree();
  const factories = (tree.data ?? []).filter((n) => n.kind === 'factory');
  const areaTree = useMemo(() => {
    const roots = (tree.data ?? []).filter((n) => !factoryId || n.id === factoryId);
    return plantTreeOptions(roots.flatMap((n) => (n.kind === 'factory' ? n.children : [n])));
  }, [tree.data, factoryId]);

  return (
    <>
      <Form.Item name="factoryId">
        <Select
          allowClear
          placeholder={factoryLabel}
          aria-label={factoryLabel}
          style={wide}
          data-testid={testId && `${testId}-factory`}
          onChange={() => {
            form.setFieldValue('areaId', undefined);
            onFactoryChange?.();
          }}
          options={factories.map((f) => ({ value: f.id, label: f.name }))}
        />
      </Form.Item>
      <Form.Item name="areaId">
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder={areaLabel}
          aria-label={areaLabel}
          style={wide}
          data-testid={testId && `${testId}-area`}
          treeData={areaTree}
          treeDefaultExpandAll
        />
      </Form.Item>
    </>
  );
}
