import type { FalseAlarmListQuery } from '@sentinel/contract';
import { Form } from 'antd';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { AlgorithmField, SceneField } from '@/shared/filters/picker-fields.tsx';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export type FalseAlarmFilters = Omit<FalseAlarmListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: PartialRange;
  algorithmId?: number;
  sceneId?: number;
}

/** Time range (presets and custom; both ends or none), algorithm, scene. */
export function FalseAlarmFilterBar({ onSearch }: { onSearch: (filters: FalseAlarmFilters) => void }) {
  const { t } = useTranslation('falseAlarms');
  const [form] = Form.useForm<FilterValues>();

  function submit({ range, algorithmId, sceneId }: FilterValues) {
    onSearch({
      ...rangeToQuery(range),
      ...(algorithmId ? { algorithmId } : {}),
      ...(sceneId ? { sceneId } : {}),
    });
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({})}
      testId="false-alarm-filters"
      searchTestId="false-alarm-search"
    >
      <TimeRangeField testId="false-alarm-filter-range" />
      <AlgorithmField label={t('filter.algorithm')} testId="false-alarm-filter-algorithm" minWidth={180} />
      <SceneField testId="false-alarm-filter-scene" minWidth={180} />
    </FilterBar>
  );
}
