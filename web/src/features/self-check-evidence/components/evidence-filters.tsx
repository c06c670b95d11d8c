import { Form } from 'antd';
import { useEffect } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { AlgorithmField, CameraField, SceneField } from '@/shared/filters/picker-fields.tsx';
import { definedFields, type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { rangeOfFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export interface EvidenceFilters {
  startTime?: string;
  endTime?: string;
  sceneId?: number;
  cameraId?: number;
  algorithmId?: number;
}

interface FormValues {
  range?: PartialRange;
  sceneId?: number;
  cameraId?: number;
  algorithmId?: number;
}

/** Scene, camera, algorithm and (run log) a time range; the form shows the filters in force. */
export function EvidenceFilterBar({
  value,
  onSearch,
  withRange,
  testId,
}: {
  value: EvidenceFilters;
  onSearch: (filters: EvidenceFilters) => void;
  withRange: boolean;
  testId: string;
}) {
  const { t } = useTranslation('selfCheckEvidence');
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    const { startTime, endTime, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({ ...rest, range: rangeOfFilters({ startTime, endTime }) });
  }, [form, value]);

  return (
    <FilterBar<FormValues>
      form={form}
      onFinish={({ range, ...rest }) => onSearch({ ...rangeToQuery(range), ...definedFields(rest) })}
      onReset={() => onSearch({})}
      testId={`${testId}-filters`}
      searchTestId={`${testId}-search`}
    >
      {withRange && <TimeRangeField testId={`${testId}-time`} />}
      <SceneField testId={`${testId}-scene`} />
      <CameraField testId={`${testId}-camera`} />
      <AlgorithmField label={t('filter.algorithm')} testId={`${testId}-algorithm`} />
    </FilterBar>
  );
}
