import { type DcsAlarmListQuery, isPriorityCode } from '@sentinel/contract';
import { Form, Input, Select, TreeSelect } from 'antd';
import { usePlantTree } from '@/shared/crud/index.ts';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { PriorityField, plantTreeOptions } from '@/shared/filters/picker-fields.tsx';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export type DcsFilters = Omit<DcsAlarmListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: PartialRange;
  priority?: number;
  areaId?: number;
  alarmState?: number;
  tag?: string;
}

const wide = { minWidth: 160 };

/** Filters of the DCS alarms: time range, level, area, state and tag or point name. */
export function DcsFilterBar({ onSearch }: { onSearch: (filters: DcsFilters) => void }) {
  const { t } = useTranslation('historyEvents');
  const [form] = Form.useForm<FilterValues>();
  const tree = usePlantTree();

  function submit(values: FilterValues) {
    const filters: DcsFilters = { ...rangeToQuery(values.range) };
    if (values.priority !== undefined && isPriorityCode(values.priority)) filters.priority = values.priority;
    if (values.areaId) filters.areaId = values.areaId;
    if (values.alarmState) filters.alarmState = values.alarmState;
    const tag = values.tag?.trim();
    if (tag) filters.tag = tag;
    onSearch(filters);
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({})}
      testId="dcs-filters"
      searchTestId="dcs-search"
    >
      <TimeRangeField testId="dcs-filter-range" />
      <PriorityField label={t('filter.level')} />
      <Form.Item name="areaId">
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder={t('filter.area')}
          aria-label={t('filter.area')}
          style={wide}
          treeData={plantTreeOptions(tree.data ?? [])}
          treeDefaultExpandAll
        />
      </Form.Item>
      <Form.Item name="alarmState">
        <Select
          allowClear
          placeholder={t('filter.state')}
          aria-label={t('filter.state')}
          style={{ minWidth: 120 }}
          data-testid="dcs-filter-state"
          options={[
            { value: 1, label: t('state.1') },
            { value: 2, label: t('state.2') },
          ]}
        />
      </Form.Item>
      <Form.Item name="tag">
        <Input
          allowClear
          maxLength={100}
          placeholder={t('filter.tag')}
          aria-label={t('filter.tag')}
          style={wide}
          data-testid="dcs-filter-tag"
        />
      </Form.Item>
    </FilterBar>
  );
}
