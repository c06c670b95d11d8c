import { Form } from 'antd';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { CameraField } from '@/shared/filters/picker-fields.tsx';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { PlaybackFilterValues } from '../lib/playback-query.ts';

/**
 * Filters of the playback page: the camera (needed) and the time range (presets, or none for the
 * latest clips; a half range is refused with '请选择开始时间和截止时间!').
 */
export function PlaybackFilterBar({
  onSearch,
  onReset,
}: {
  onSearch: (values: PlaybackFilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('videoPlayback');
  const [form] = Form.useForm<PlaybackFilterValues>();
  return (
    <FilterBar<PlaybackFilterValues>
      form={form}
      onFinish={onSearch}
      onReset={onReset}
      testId="playback-filters"
      searchTestId="playback-search"
    >
      <CameraField label={t('camera')} testId="playback-filter-camera" minWidth={200} />
      <TimeRangeField testId="playback-filter-range" />
    </FilterBar>
  );
}
