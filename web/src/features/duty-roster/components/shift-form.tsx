import { DUTY_KINDS, type DutyShift, type DutyShiftBody } from '@sentinel/contract';
import { Checkbox, DatePicker, Form, Input, Radio, Select, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { CrudForm, type EditFormProps } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { rosterApi, useAccountOptions, useSceneOptions } from '../api/roster.ts';
import { hhmm, minutesOf } from '../lib/times.ts';

interface Values {
  accountId?: number;
  sceneIds: number[];
  kind: 'weekly' | 'dated';
  weekdays: number[];
  start?: Dayjs;
  end?: Dayjs;
  range?: [Dayjs, Dayjs];
  note: string;
  enabled: boolean;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const atMinute = (m: number) =>
  dayjs()
    .startOf('day')
    .add(m % 1440, 'minute');

const toValues = (row: DutyShift): Partial<Values> => ({
  accountId: row.accountId,
  sceneIds: row.scenes.map((s) => s.id),
  kind: row.kind,
  weekdays: row.weekdays,
  start: row.kind === 'weekly' ? atMinute(row.startMinute) : undefined,
  end: row.kind === 'weekly' ? atMinute(row.endMinute) : undefined,
  range: row.startAt && row.endAt ? [dayjs(row.startAt), dayjs(row.endAt)] : undefined,
  note: row.note,
  enabled: row.enabled,
});

const toBody = (v: Values): DutyShiftBody => {
  const end = v.end ? minutesOf(v.end.format('HH:mm')) : 0;
  return {
    accountId: v.accountId ?? 0,
    sceneIds: v.sceneIds ?? [],
    kind: v.kind,
    weekdays: v.kind === 'weekly' ? (v.weekdays ?? []) : [],
    startMinute: v.start ? minutesOf(v.start.format('HH:mm')) : 0,
    // 00:00 as an end is midnight at the end of the day.
    endMinute: end === 0 ? 1440 : end,
    timeZone: browserZone(),
    startAt: v.kind === 'dated' && v.range ? v.range[0].toISOString() : null,
    endAt: v.kind === 'dated' && v.range ? v.range[1].toISOString() : null,
    note: v.note ?? '',
    enabled: v.enabled ?? true,
  };
};

/** Add / edit a shift: who, which scenes, weekly times or a dated span, note, enabled. */
export function ShiftForm(props: EditFormProps<DutyShift>) {
  const { t } = useTranslation('dutyRoster');
  const [keyword, setKeyword] = useState('');
  const open = props.editing !== null;
  const accounts = useAccountOptions(keyword, open);
  const scenes = useSceneOptions(open);
  const row = props.editing?.row;
  const accountOptions = [
    ...(row && !accounts.data?.some((o) => o.value === row.accountId)
      ? [{ value: row.accountId, label: row.displayName || row.accountName }]
      : []),
    ...(accounts.data ?? []),
  ];

  return (
    <CrudForm<DutyShift, DutyShiftBody, Values>
      api={rosterApi}
      {...props}
      title={{ add: t('add'), edit: t('edit') }}
      name="dutyShift"
      testId="duty-shift"
      width={560}
      empty={{ kind: 'weekly', weekdays: [1, 2, 3, 4, 5], sceneIds: [], note: '', enabled: true }}
      toValues={toValues}
      toBody={toBody}
      submitOnEnter={false}
    >
      <Form.Item
        name="accountId"
        label={t('field.account')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          options={accountOptions}
          loading={accounts.isFetching}
          data-testid="duty-shift-account"
        />
      </Form.Item>
      <Form.Item
        name="sceneIds"
        label={t('field.scenes')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Select
          mode="multiple"
          options={scenes.data ?? []}
          loading={scenes.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="duty-shift-scenes"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('field.kind')}>
        <Radio.Group
          options={DUTY_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          data-testid="duty-shift-kind"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'dated' ? (
            <Form.Item
              name="range"
              label={t('field.range')}
              rules={[{ required: true, message: t('required') }]}
            >
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="weekdays"
                label={t('field.weekdays')}
                rules={[{ required: true, message: t('required') }]}
              >
                <Checkbox.Group
                  options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
                  data-testid="duty-shift-weekdays"
                />
              </Form.Item>
              <Form.Item label={t('field.times')} extra={t('timesHint')} style={{ marginBottom: 0 }}>
                <Form.Item
                  name="start"
                  rules={[{ required: true, message: t('required') }]}
                  style={{ display: 'inline-block', marginRight: 8 }}
                >
                  <TimePicker
                    format="HH:mm"
                    minuteStep={5}
                    placeholder={hhmm(480)}
                    data-testid="duty-shift-start"
                  />
                </Form.Item>
                <Form.Item
                  name="end"
                  rules={[{ required: true, message: t('required') }]}
                  style={{ display: 'inline-block' }}
                >
                  <TimePicker
                    format="HH:mm"
                    minuteStep={5}
                    placeholder={hhmm(1200)}
                    data-testid="duty-shift-end"
                  />
                </Form.Item>
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      <Form.Item name="note" label={t('field.note')}>
        <Input.TextArea maxLength={200} rows={2} data-testid="duty-shift-note" />
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </CrudForm>
  );
}
