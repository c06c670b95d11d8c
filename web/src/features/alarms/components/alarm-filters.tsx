import type { AlarmListQuery, PriorityCode } from '@sentinel/contract';
import { Form, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { usePlantTree } from '@/shared/crud/index.ts';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import {
  AlgorithmField,
  CameraField,
  PriorityField,
  plantTreeOptions,
  SceneField,
} from '@/shared/filters/picker-fields.tsx';
import { definedFields, type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export type AlarmFilters = Omit<AlarmListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: PartialRange;
  priority?: PriorityCode;
  algorithmId?: number;
  factoryId?: number;
  areaId?: number;
  sceneId?: number;
  cameraId?: number;
  status?: 'untreated' | 'processed';
  falsePositive?: boolean;
}

const wide = { minWidth: 160 };

/** The history alarm filters (SPEC §3 list descriptions: level, type, time, area, plant, status, false positive). */
export function AlarmFilterBar({ onSearch }: { onSearch: (filters: AlarmFilters) => void }) {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<FilterValues>();
  const factoryId = Form.useWatch('factoryId', form);
  const tree = usePlantTree();
  const factories = (tree.data ?? []).filter((n) => n.kind === 'factory');
  const areaTree = useMemo(() => {
    const roots = (tree.data ?? []).filter((n) => !factoryId || n.id === factoryId);
    return plantTreeOptions(roots.flatMap((n) => (n.kind === 'factory' ? n.children : [n])));
  }, [tree.data, factoryId]);

  function submit(values: FilterValues) {
    const { range, ...rest } = values;
    const filters: AlarmFilters = { ...rangeToQuery(range), ...definedFields(rest) };
    onSearch(filters);
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({})}
      testId="alarm-filters"
      searchTestId="alarm-search"
    >
      <TimeRangeField testId="alarm-filter-range" />
      <PriorityField label={t('filter.level')} testId="alarm-filter-level" />
      <AlgorithmField label={t('filter.type')} />
      <Form.Item name="factoryId">
        <Select
          allowClear
          placeholder={t('filter.factory')}
          aria-label={t('filter.factory')}
          style={wide}
          onChange={() => form.setFieldValue('areaId', undefined)}
          options={factories.map((f) => ({ value: f.id, label: f.name }))}
        />
      </Form.Item>
      <Form.Item name="areaId">
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder={t('filter.area')}
          aria-label={t('filter.area')}
          style={wide}
          treeData={areaTree}
          treeDefaultExpandAll
        />
      </Form.Item>
      <SceneField />
      <CameraField />
      <Form.Item name="status">
        <Select
          allowClear
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          style={{ minWidth: 120 }}
          data-testid="alarm-filter-status"
          options={[
            { value: 'untreated', label: t('status.untreated') },
            { value: 'processed', label: t('status.processed') },
          ]}
        />
      </Form.Item>
      <Form.Item name="falsePositive">
        <Select
          allowClear
          placeholder={t('filter.falsePositive')}
          aria-label={t('filter.falsePositive')}
          style={{ minWidth: 120 }}
          options={[
            { value: true, label: t('falsePositive.yes') },
            { value: false, label: t('falsePositive.no') },
          ]}
        />
      </Form.Item>
    </FilterBar>
  );
}
