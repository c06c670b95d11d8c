import { engineMessageKinds, engineMessageOutcomes, type ProtocolLogFilter } from '@sentinel/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { useEffect } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { CameraField } from '@/shared/filters/picker-fields.tsx';
import { definedFields, type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { rangeOfFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

interface FilterValues {
  range?: PartialRange;
  kind?: ProtocolLogFilter['kind'];
  outcome?: ProtocolLogFilter['outcome'];
  engineId?: number | null;
  cameraId?: number | null;
  reason?: string;
}

function formValuesOf(filters: ProtocolLogFilter): FilterValues {
  const { startTime, endTime, ...fields } = filters;
  return { range: rangeOfFilters({ startTime, endTime }), ...fields };
}

/** The protocol log's filters: time (presets or custom), kind, outcome, engine, camera, reason code. */
export function ProtocolFilterBar({
  value,
  onSearch,
}: {
  /** The filters in force (from the page URL), shown in the form. */
  value: ProtocolLogFilter;
  onSearch: (filters: ProtocolLogFilter) => void;
}) {
  const { t } = useTranslation('selfCheckProtocol');
  const [form] = Form.useForm<FilterValues>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValuesOf(value));
  }, [form, value]);

  function submit(values: FilterValues) {
    const { range, reason, ...rest } = values;
    const filters: ProtocolLogFilter = {
      ...rangeToQuery(range),
      ...definedFields(rest),
    } as ProtocolLogFilter;
    if (reason?.trim()) filters.reason = reason.trim();
    onSearch(filters);
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({})}
      testId="protocol-filters"
      searchTestId="protocol-search"
    >
      <TimeRangeField testId="protocol-filter-range" label={t('filter.time')} />
      <Form.Item name="kind">
        <Select
          allowClear
          placeholder={t('filter.kind')}
          aria-label={t('filter.kind')}
          style={{ minWidth: 150 }}
          data-testid="protocol-filter-kind"
          options={engineMessageKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
      </Form.Item>
      <Form.Item name="outcome">
        <Select
          allowClear
          placeholder={t('filter.outcome')}
          aria-label={t('filter.outcome')}
          style={{ minWidth: 130 }}
          data-testid="protocol-filter-outcome"
          options={engineMessageOutcomes.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
        />
      </Form.Item>
      <Form.Item name="engineId">
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('filter.engineId')}
          aria-label={t('filter.engineId')}
          style={{ width: 130 }}
          data-testid="protocol-filter-engine"
        />
      </Form.Item>
      <CameraField testId="protocol-filter-camera" />
      <Form.Item name="reason">
        <Input
          allowClear
          maxLength={100}
          placeholder={t('filter.reason')}
          aria-label={t('filter.reason')}
          style={{ width: 170 }}
          data-testid="protocol-filter-reason"
        />
      </Form.Item>
    </FilterBar>
  );
}
