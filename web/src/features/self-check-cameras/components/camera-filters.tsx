import { CAMERA_STATES, OUTAGE_CAUSES } from '@sentinel/contract';
import { Checkbox, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { CameraField } from '@/shared/filters/picker-fields.tsx';
import { definedFields, type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { rangeOfFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** Every filter of the three camera pages (each page shows some of them). */
export interface CameraFilters {
  cameraId?: number;
  keyword?: string;
  state?: (typeof CAMERA_STATES)[number];
  cause?: (typeof OUTAGE_CAUSES)[number];
  openOnly?: boolean;
  startTime?: string;
  endTime?: string;
}

type Field = 'camera' | 'keyword' | 'state' | 'range' | 'cause' | 'openOnly';

interface FormValues extends Omit<CameraFilters, 'startTime' | 'endTime'> {
  range?: PartialRange;
}

/** The filter bar of a camera page: the fields it names, in the URL through the page's query. */
export function CameraFilterBar<F extends CameraFilters>({
  fields,
  value,
  onSearch,
  testId,
}: {
  fields: Field[];
  value: F;
  onSearch: (filters: F) => void;
  testId: string;
}) {
  const { t } = useTranslation('selfCheckCameras');
  const [form] = Form.useForm<FormValues>();
  const has = (field: Field) => fields.includes(field);

  useEffect(() => {
    const { startTime, endTime, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({ ...rest, range: rangeOfFilters({ startTime, endTime }) });
  }, [form, value]);

  function submit(values: FormValues) {
    const { range, keyword, openOnly, ...rest } = values;
    const next: CameraFilters = { ...rangeToQuery(range), ...definedFields(rest) };
    if (keyword?.trim()) next.keyword = keyword.trim();
    if (openOnly) next.openOnly = true;
    onSearch(next as F);
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({} as F)}
      testId={testId}
      searchTestId={`${testId}-search`}
    >
      {has('camera') && <CameraField testId={`${testId}-camera`} />}
      {has('keyword') && (
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('filter.keyword')} aria-label={t('filter.keyword')} />
        </Form.Item>
      )}
      {has('state') && (
        <Form.Item name="state">
          <Select
            allowClear
            placeholder={t('filter.state')}
            aria-label={t('filter.state')}
            style={{ minWidth: 140 }}
            data-testid={`${testId}-state`}
            options={CAMERA_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          />
        </Form.Item>
      )}
      {has('range') && <TimeRangeField testId={`${testId}-range`} />}
      {has('cause') && (
        <Form.Item name="cause">
          <Select
            allowClear
            placeholder={t('filter.cause')}
            aria-label={t('filter.cause')}
            style={{ minWidth: 140 }}
            data-testid={`${testId}-cause`}
            options={OUTAGE_CAUSES.map((c) => ({ value: c, label: t(`cause.${c}`) }))}
          />
        </Form.Item>
      )}
      {has('openOnly') && (
        <Form.Item name="openOnly" valuePropName="checked">
          <Checkbox data-testid={`${testId}-open-only`}>{t('filter.openOnly')}</Checkbox>
        </Form.Item>
      )}
    </FilterBar>
  );
}
