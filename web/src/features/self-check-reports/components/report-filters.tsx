import { Form } from 'antd';
import { useEffect } from 'react';
import { AreaSelect } from '@/shared/crud/area-select.tsx';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { AlgorithmField, CameraField } from '@/shared/filters/picker-fields.tsx';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { defaultValues, type ReportFilterValues } from '../lib/report-query.ts';

/** Time (SPEC presets, required), and area + camera (camera report) or algorithm (algorithm report). */
export function ReportFilters({
  kind,
  onSearch,
}: {
  kind: 'camera' | 'algorithm';
  onSearch: (values: ReportFilterValues) => void;
}) {
  const { t } = useTranslation('selfCheckReports');
  const [form] = Form.useForm<ReportFilterValues>();
  useEffect(() => form.setFieldsValue(defaultValues()), [form]);
  return (
    <FilterBar<ReportFilterValues>
      form={form}
      onFinish={onSearch}
      onReset={() => {
        form.setFieldsValue(defaultValues());
        onSearch(defaultValues());
      }}
      testId="run-report-filters"
      searchTestId="run-report-search"
    >
      <TimeRangeField testId="run-report-time" />
      {kind === 'camera' ? (
        <>
          <Form.Item name="areaId">
            <AreaSelect placeholder={t('filter.area')} style={{ minWidth: 180 }} testId="run-report-area" />
          </Form.Item>
          <CameraField testId="run-report-camera" />
        </>
      ) : (
        <AlgorithmField label={t('filter.algorithm')} testId="run-report-algorithm" />
      )}
    </FilterBar>
  );
}
