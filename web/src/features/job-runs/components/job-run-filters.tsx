import { JOB_RUN_STATES, type JobRunListQuery } from '@sentinel/contract';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useSceneOptions } from '../../../shared/filters/pickers.ts';
import {
  isHalfFilled,
  type PartialRange,
  presetRange,
  rangeToQuery,
  TIME_PRESETS,
} from '../../../shared/filters/time-presets.ts';
import { tr, useTranslation } from '../../../shared/i18n/i18n.ts';

export type JobRunFilters = Omit<JobRunListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  sceneId?: number;
  state?: number;
  detection?: number;
  jobNumber?: string;
}

const wide = { minWidth: 160 };

/** History task filters: start time range (presets or custom), scene, state, detection, job number. */
export function JobRunFilterBar({ onSearch }: { onSearch: (filters: JobRunFilters) => void }) {
  const { t } = useTranslation('jobRuns');
  const { t: tc } = useTranslation();
  const { t: ta } = useTranslation('alarms');
  const [form] = Form.useForm<FilterValues>();
  const scenes = useSceneOptions();

  function submit(values: FilterValues) {
    const { range, jobNumber, ...rest } = values;
    const filters: JobRunFilters = { ...rangeToQuery(range as PartialRange) };
    if (jobNumber?.trim()) filters.jobNumber = jobNumber.trim();
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
      data-testid="job-run-filters"
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
            label: ta(`preset.${preset}`),
            value: () => presetRange(preset),
          }))}
          data-testid="job-run-filter-range"
        />
      </Form.Item>
      <Form.Item name="sceneId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.scene')}
          aria-label={t('filter.scene')}
          style={wide}
          data-testid="job-run-filter-scene"
          options={(scenes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item name="state">
        <Select
          allowClear
          placeholder={t('filter.state')}
          aria-label={t('filter.state')}
          style={wide}
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
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="job-run-search">
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
