import {
  type AlarmListQuery,
  isPriorityCode,
  type PlantTreeNode,
  PRIORITY_CODES,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { Button, DatePicker, Form, Select, Space, Tag, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import {
  useAlgorithmOptions,
  useCameraOptions,
  usePlantTree,
  useSceneOptions,
} from '../../../shared/filters/pickers.ts';
import {
  isHalfFilled,
  type PartialRange,
  presetRange,
  rangeToQuery,
  TIME_PRESETS,
} from '../../../shared/filters/time-presets.ts';
import { tr, useLang, useTranslation } from '../../../shared/i18n/i18n.ts';

export type AlarmFilters = Omit<AlarmListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  priority?: number;
  algorithmId?: number;
  factoryId?: number;
  areaId?: number;
  sceneId?: number;
  cameraId?: number;
  status?: 'untreated' | 'processed';
  falsePositive?: boolean;
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const toTree = (nodes: PlantTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children ?? []) }));

const wide = { minWidth: 160 };

/** The history alarm filters (SPEC §3 list descriptions: level, type, time, area, plant, status, false positive). */
export function AlarmFilterBar({ onSearch }: { onSearch: (filters: AlarmFilters) => void }) {
  const { t } = useTranslation('alarms');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<FilterValues>();
  const factoryId = Form.useWatch('factoryId', form);
  const algorithms = useAlgorithmOptions();
  const tree = usePlantTree();
  const scenes = useSceneOptions();
  const cameras = useCameraOptions();
  const factories = (tree.data ?? []).filter((n) => n.kind === 'factory');
  const areaTree = useMemo(() => {
    const roots = (tree.data ?? []).filter((n) => !factoryId || n.id === factoryId);
    return toTree(roots.flatMap((n) => (n.kind === 'factory' ? n.children : [n])));
  }, [tree.data, factoryId]);

  function submit(values: FilterValues) {
    const { range, ...rest } = values;
    const filters: AlarmFilters = { ...rangeToQuery(range as PartialRange) };
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined && value !== null) Object.assign(filters, { [key]: value });
    }
    onSearch(filters);
  }

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      onFinish={submit}
      style={{ rowGap: 8, marginBottom: 16 }}
      data-testid="alarm-filters"
    >
      <Form.Item
        name="range"
        rules={[
          {
            validator: (_, value: PartialRange) =>
              isHalfFilled(value) ? Promise.reject(new Error(tr('time.rangeRequired'))) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          aria-label={t('filter.time')}
          placeholder={[t('filter.start'), t('filter.end')]}
          presets={TIME_PRESETS.map((preset) => ({
            label: t(`preset.${preset}`),
            value: () => presetRange(preset),
          }))}
          data-testid="alarm-filter-range"
        />
      </Form.Item>
      <Form.Item name="priority">
        <Select
          allowClear
          placeholder={t('filter.level')}
          aria-label={t('filter.level')}
          style={wide}
          data-testid="alarm-filter-level"
          options={[...PRIORITY_CODES]
            .reverse()
            .filter(isPriorityCode)
            .map((code) => ({
              value: code,
              label: <Tag color={PRIORITY_COLORS[code]}>{PRIORITY_LABELS[code][lang]}</Tag>,
              title: PRIORITY_LABELS[code][lang],
            }))}
        />
      </Form.Item>
      <Form.Item name="algorithmId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.type')}
          aria-label={t('filter.type')}
          style={wide}
          options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
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
      <Form.Item name="sceneId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.scene')}
          aria-label={t('filter.scene')}
          style={wide}
          options={(scenes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item name="cameraId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.camera')}
          aria-label={t('filter.camera')}
          style={wide}
          options={(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
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
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="alarm-search">
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
