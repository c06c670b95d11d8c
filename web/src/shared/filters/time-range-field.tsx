import { DatePicker, Form } from 'antd';
import { tr, useTranslation } from '../i18n/i18n.ts';
import { isHalfFilled, type PartialRange, presetRange, TIME_PRESETS } from './time-presets.ts';

/**
 * The time range filter (form field `range`): presets today, this week, this month, last 30
 * days, or a custom range; a half-filled range is refused with '请选择开始时间和截止时间!'.
 * `label` (the accessible name) defaults to "Time range".
 */
export function TimeRangeField({ testId, label }: { testId: string; label?: string }) {
  const { t } = useTranslation();
  return (
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
        aria-label={label ?? t('filter.time')}
        placeholder={[t('filter.start'), t('filter.end')]}
        presets={TIME_PRESETS.map((preset) => ({
          label: t(`filter.preset.${preset}`),
          value: () => presetRange(preset),
        }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
