import {
  type DcsAlarmListQuery,
  isPriorityCode,
  type PlantTreeNode,
  PRIORITY_CODES,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { Button, Form, Input, Select, Space, Tag, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { usePlantTree } from '../../../shared/filters/pickers.ts';
import { type PartialRange, rangeToQuery } from '../../../shared/filters/time-presets.ts';
import { useLang, useTranslation } from '../../../shared/i18n/i18n.ts';
import { TimeRangeField } from './time-range-field.tsx';

export type DcsFilters = Omit<DcsAlarmListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  priority?: number;
  areaId?: number;
  alarmState?: number;
  tag?: string;
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const toTree = (nodes: PlantTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children ?? []) }));

const wide = { minWidth: 160 };

/** Filters of the DCS alarms: time range, level, area, state and tag or point name. */
export function DcsFilterBar({ onSearch }: { onSearch: (filters: DcsFilters) => void }) {
  const { t } = useTranslation('historyEvents');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<FilterValues>();
  const tree = usePlantTree();

  function submit(values: FilterValues) {
    const filters: DcsFilters = { ...rangeToQuery(values.range as PartialRange) };
    if (values.priority !== undefined && isPriorityCode(values.priority)) filters.priority = values.priority;
    if (values.areaId) filters.areaId = values.areaId;
    if (values.alarmState) filters.alarmState = values.alarmState;
    const tag = values.tag?.trim();
    if (tag) filters.tag = tag;
    onSearch(filters);
  }

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      onFinish={submit}
      style={{ rowGap: 8, marginBottom: 16 }}
      data-testid="dcs-filters"
    >
      <TimeRangeField testId="dcs-filter-range" />
      <Form.Item name="priority">
        <Select
          allowClear
          placeholder={t('filter.level')}
          aria-label={t('filter.level')}
          style={wide}
          options={[...PRIORITY_CODES].reverse().map((code) => ({
            value: code,
            label: <Tag color={PRIORITY_COLORS[code]}>{PRIORITY_LABELS[code][lang]}</Tag>,
            title: PRIORITY_LABELS[code][lang],
          }))}
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
          treeData={toTree(tree.data ?? [])}
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
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="dcs-search">
            {tc('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {tc('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
