import type { EventListQuery } from '@sentinel/contract';
import { Form, Input } from 'antd';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { CameraField, SceneField } from '@/shared/filters/picker-fields.tsx';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export type EventFilters = Omit<EventListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: PartialRange;
  sceneId?: number;
  cameraId?: number;
  eventName?: string;
}

/** Filters of the history events: time range, scene, camera and event name. */
export function EventFilterBar({ onSearch }: { onSearch: (filters: EventFilters) => void }) {
  const { t } = useTranslation('historyEvents');
  const [form] = Form.useForm<FilterValues>();

  function submit(values: FilterValues) {
    const filters: EventFilters = { ...rangeToQuery(values.range) };
    if (values.sceneId) filters.sceneId = values.sceneId;
    if (values.cameraId) filters.cameraId = values.cameraId;
    const name = values.eventName?.trim();
    if (name) filters.eventName = name;
    onSearch(filters);
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({})}
      testId="event-filters"
      searchTestId="event-search"
    >
      <TimeRangeField testId="event-filter-range" />
      <SceneField />
      <CameraField />
      <Form.Item name="eventName">
        <Input
          allowClear
          maxLength={100}
          placeholder={t('filter.eventName')}
          aria-label={t('filter.eventName')}
          style={{ minWidth: 160 }}
          data-testid="event-filter-name"
        />
      </Form.Item>
    </FilterBar>
  );
}
