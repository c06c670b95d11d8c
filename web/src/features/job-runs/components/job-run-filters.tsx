import { JOB_RUN_STATES, type JobRunListQuery } from '@sentinel/contract';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { SceneField } from '@/shared/filters/picker-fields.tsx';
import { definedFields, type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { rangeOfFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export type JobRunFilters = Omit<JobRunListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: PartialRange;
  sceneId?: number;
  state?: number;
  detection?: number;
  jobNumber?: string;
}

function formValuesOf(filters: JobRunFilters): FilterValues {
  const { startTime, endTime, ...fields } = filters;
  return { range: rangeOfFilters({ startTime, endTime }), ...fields };
}

interface JobRunFilterBarProps {
  /** The filters in force (from the page URL), shown in the form. */
  value: JobRunFilters;
  onSearch: (filters: JobRunFilters) => void;
}

/** History task filters: start time range (presets or custom), scene, state, detection, job number. */
export function JobRunFilterBar({ value, onSearch }: JobRunFilterBarProps) {
  const { t } = useTranslation('jobRuns');
  const [form] = Form.useForm<FilterValues>();

  // The form shows the filters in force: on open (a link's filters) and when the URL changes.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValuesOf(value));
  }, [form, value]);

  function submit(values: FilterValues) {
    const { range, jobNumber, ...rest } = values;
    const filters: JobRunFilters = { ...rangeToQuery(range), ...definedFields(rest) };
    if (jobNumber?.trim()) filters.jobNumber = jobNumber.trim();
    onSearch(filters);
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({})}
      testId="job-run-filters"
      searchTestId="job-run-search"
    >
      <TimeRangeField testId="job-run-filter-range" label={t('filter.time')} />
      <SceneField testId="job-run-filter-scene" />
      <Form.Item name="state">
        <Select
          allowClear
          placeholder={t('filter.state')}
          aria-label={t('filter.state')}
          style={{ minWidth: 160 }}
          data-testid="job-run-filter-state"
          options={JOB_RUN_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="detection">
        <Select
          allowClear
          placeholder={t('filter.detection')}
          aria-label={t('filter.detection')}
          style={{ minWidth: 120 }}
          data-testid="job-run-filter-detection"
          options={[0, 1].map((d) => ({ value: d, label: t(`detection.${d}`) }))}
        />
      </Form.Item>
      <Form.Item name="jobNumber">
        <Input
          allowClear
          maxLength={100}
          placeholder={t('filter.jobNumber')}
          aria-label={t('filter.jobNumber')}
          style={{ width: 180 }}
          data-testid="job-run-filter-number"
        />
      </Form.Item>
    </FilterBar>
  );
}
