import type { FalseAlarmListQuery } from '@sentinel/contract';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useAlgorithmOptions, useSceneOptions } from '../../../shared/filters/pickers.ts';
import {
  isHalfFilled,
  type PartialRange,
  presetRange,
  rangeToQuery,
  TIME_PRESETS,
} from '../../../shared/filters/time-presets.ts';
import { tr, useTranslation } from '../../../shared/i18n/i18n.ts';

export type FalseAlarmFilters = Omit<FalseAlarmListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  algorithmId?: number;
  sceneId?: number;
}

const wide = { minWidth: 180 };

/** Time range (presets and custom; both ends or none), algorithm, scene. */
export function FalseAlarmFilterBar({ onSearch }: { onSearch: (filters: FalseAlarmFilters) => void }) {
  const { t } = useTranslation('falseAlarms');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const algorithms = useAlgorithmOptions();
  const scenes = useSceneOptions();

  function submit({ range, algorithmId, sceneId }: FilterValues) {
    onSearch({
      ...rangeToQuery(range as PartialRange),
      ...(algorithmId ? { algorithmId } : {}),
      ...(sceneId ? { sceneId } : {}),
    });
  }

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      onFinish={submit}
      style={{ rowGap: 8, marginBottom: 16 }}
      data-testid="false-alarm-filters"
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
          data-testid="false-alarm-filter-range"
        />
      </Form.Item>
      <Form.Item name="algorithmId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.algorithm')}
          aria-label={t('filter.algorithm')}
          style={wide}
          data-testid="false-alarm-filter-algorithm"
          options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
      <Form.Item name="sceneId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.scene')}
          aria-label={t('filter.scene')}
          style={wide}
          data-testid="false-alarm-filter-scene"
          options={(scenes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="false-alarm-search">
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
