import type { EventListQuery } from '@sentinel/contract';
import { Button, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCameraOptions, useSceneOptions } from '../../../shared/filters/pickers.ts';
import { type PartialRange, rangeToQuery } from '../../../shared/filters/time-presets.ts';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { TimeRangeField } from './time-range-field.tsx';

export type EventFilters = Omit<EventListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  sceneId?: number;
  cameraId?: number;
  eventName?: string;
}

const wide = { minWidth: 160 };

/** Filters of the history events: time range, scene, camera and event name. */
export function EventFilterBar({ onSearch }: { onSearch: (filters: EventFilters) => void }) {
  const { t } = useTranslation('historyEvents');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const scenes = useSceneOptions();
  const cameras = useCameraOptions();

  function submit(values: FilterValues) {
    const filters: EventFilters = { ...rangeToQuery(values.range as PartialRange) };
    if (values.sceneId) filters.sceneId = values.sceneId;
    if (values.cameraId) filters.cameraId = values.cameraId;
    const name = values.eventName?.trim();
    if (name) filters.eventName = name;
    onSearch(filters);
  }

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      onFinish={submit}
      style={{ rowGap: 8, marginBottom: 16 }}
      data-testid="event-filters"
    >
      <TimeRangeField testId="event-filter-range" />
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
      <Form.Item name="eventName">
        <Input
          allowClear
          maxLength={100}
          placeholder={t('filter.eventName')}
          aria-label={t('filter.eventName')}
          style={wide}
          data-testid="event-filter-name"
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="event-search">
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
