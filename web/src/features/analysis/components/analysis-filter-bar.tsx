import { ANALYSIS_MAX_DAYS } from '@sentinel/contract';
import { DatePicker, Form, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { SceneField } from '@/shared/filters/picker-fields.tsx';
import { PlantAreaFields } from '@/shared/filters/plant-area-fields.tsx';
import { definedFields, type PartialRange, TIME_PRESETS } from '@/shared/filters/time-presets.ts';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { type AnalysisFilters, DEFAULT_PRESET, type RangeChoice } from '../lib/analysis-filters.ts';

interface FormValues {
  preset: RangeChoice;
  range?: PartialRange;
  factoryId?: number;
  areaId?: number;
  sceneId?: number;
}

function formValuesOf(filters: AnalysisFilters): FormValues {
  const { preset, startTime, endTime, factoryId, areaId, sceneId } = filters;
  const range: PartialRange = startTime && endTime ? [dayjs(startTime), dayjs(endTime)] : undefined;
  return { preset, range, factoryId, areaId, sceneId };
}

/** A custom range must be whole (SPEC '请选择开始时间和截止时间!') and at most 366 days long. */
function checkRange(_: unknown, range: PartialRange): Promise<void> {
  if (!range?.[0] || !range[1]) return Promise.reject(new Error(tr('time.rangeRequired')));
  if (range[1].isBefore(range[0])) return Promise.reject(new Error(tr('time.endBeforeStart')));
  if (range[1].diff(range[0], 'day', true) > ANALYSIS_MAX_DAYS)
    return Promise.reject(new Error(tr('time.rangeTooLong')));
  return Promise.resolve();
}

interface AnalysisFilterBarProps {
  value: AnalysisFilters;
  onChange: (filters: AnalysisFilters) => void;
  /** Offer plant and area (History tasks, the safety analysis' drill target, filters by scene only). */
  plant: boolean;
}

/**
 * The analyses' filters: a time preset of SPEC §9 (today, this week, this month, last 30 days) or
 * a custom range, and plant / area / scene. A preset or a picker applies at once; a custom range
 * once both ends are chosen (or on Search, which says what is missing). Reset: the last 30 days.
 */
export function AnalysisFilterBar({ value, onChange, plant }: AnalysisFilterBarProps) {
  const { t } = useTranslation('analysis');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const preset = Form.useWatch('preset', form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValuesOf(value));
  }, [form, value]);

  function submit(values: FormValues) {
    const { preset: choice, range, ...places } = values;
    const next: AnalysisFilters = { preset: choice, ...definedFields(places) };
    if (choice === 'custom' && range?.[0] && range[1])
      Object.assign(next, { startTime: range[0].toISOString(), endTime: range[1].toISOString() });
    if (value.granularity) next.granularity = value.granularity;
    onChange(next);
  }

  function applyChange(changed: Partial<FormValues>, all: FormValues) {
    if (changed.preset === 'custom') return;
    if ('range' in changed && !(all.range?.[0] && all.range[1])) return;
    form.submit();
  }

  return (
    <FilterBar<FormValues>
      form={form}
      onFinish={submit}
      onReset={() => onChange({ preset: DEFAULT_PRESET })}
      testId="analysis-filters"
      searchTestId="analysis-search"
      onValuesChange={applyChange}
    >
      <Form.Item name="preset" initialValue={DEFAULT_PRESET}>
        <Segmented<RangeChoice>
          aria-label={tc('filter.time')}
          data-testid="analysis-filter-preset"
          options={[
            ...TIME_PRESETS.map((p) => ({ value: p as RangeChoice, label: tc(`filter.preset.${p}`) })),
            { value: 'custom', label: t('filter.custom') },
          ]}
        />
      </Form.Item>
      {preset === 'custom' ? (
        <Form.Item name="range" rules={[{ validator: checkRange }]}>
          <DatePicker.RangePicker
            showTime
            aria-label={tc('filter.time')}
            placeholder={[tc('filter.start'), tc('filter.end')]}
            data-testid="analysis-filter-range"
          />
        </Form.Item>
      ) : null}
      {plant ? (
        <PlantAreaFields
          form={form}
          factoryLabel={t('filter.factory')}
          areaLabel={t('filter.area')}
          testId="analysis-filter"
        />
      ) : null}
      <SceneField testId="analysis-filter-scene" />
    </FilterBar>
  );
}
