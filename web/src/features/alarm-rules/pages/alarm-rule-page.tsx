import {
  ALARM_FREQUENCIES,
  ALARM_INTERVAL_MAX,
  ALARM_THRESHOLD_MAX,
  ALARM_THRESHOLDS,
  PRIORITY_LABELS,
  type PriorityCode,
} from '@sentinel/contract';
import { Alert, Button, Card, Checkbox, Col, Form, InputNumber, Radio, Row, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { tr, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useAlarmRule, useSaveAlarmRule } from '../api/alarm-rule.ts';
import { LEVELS_DESC, type RuleFormValues, toBody, toFormValues } from '../lib/rule-form.ts';

function userIdOf(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Alarm rules of a user (SPEC §2: `/index?userId=<id>&type=1`, opened from the user menu; SPEC §9
 * frequencies and thresholds). They govern what is pushed to that user's alarm panel and what
 * goes into scheduled alarm reports. Without a user id: 暂无数据.
 */
export function AlarmRulePage() {
  const [params] = useSearchParams();
  const title = useRouteTitle();
  const userId = userIdOf(params.get('userId'));
  if (userId === null) {
    return (
      <Card variant="borderless" title={title}>
        <PageEmpty />
      </Card>
    );
  }
  return <AlarmRuleForm key={userId} userId={userId} title={title} />;
}

function AlarmRuleForm({ userId, title }: { userId: number; title: string }) {
  const { t } = useTranslation('alarmRules');
  const lang = useLang();
  const selfId = useUserStore((s) => s.id);
  const rule = useAlarmRule(userId);
  const save = useSaveAlarmRule();
  const [form] = Form.useForm<RuleFormValues>();
  const frequency = Form.useWatch('frequency', form);
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    if (rule.data) form.setFieldsValue(toFormValues(rule.data));
  }, [rule.data, form]);

  if (rule.isPending) return <PageLoading />;
  if (rule.isError) return <PageError message={rule.error.message} onRetry={() => void rule.refetch()} />;

  const submit = async (values: RuleFormValues) => {
    try {
      const saved = await save.mutateAsync(toBody(userId, values));
      // the saved values (normalised by the server) replace what was typed
      form.setFieldsValue(toFormValues(saved));
    } catch (error) {
      // what was typed stays; the server's field errors go on the fields
      applyFieldErrors(form, error);
    }
  };

  const threshold = { min: 1, max: ALARM_THRESHOLD_MAX, precision: 0 };
  return (
    <Card variant="borderless" title={title} data-testid="alarm-rule-page">
      {selfId !== userId ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('otherUser', { id: userId })} />
      ) : null}
      <Form<RuleFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        onFinish={(values) => void submit(values)}
        data-testid="alarm-rule-form"
        disabled={save.isPending}
      >
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked" extra={t('enabledHelp')}>
          <Switch data-testid="rule-enabled" />
        </Form.Item>
        <Form.Item name="frequency" label={t('frequency')} extra={t('frequencyHelp')}>
          <Radio.Group disabled={!enabled} data-testid="rule-frequency">
            {ALARM_FREQUENCIES.map((f) => (
              <Radio key={f} value={f} data-testid={`frequency-${f}`}>
                {t(`frequencies.${f}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {frequency === 'interval' ? (
          <Form.Item
            name="intervalMinutes"
            label={t('interval')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: ALARM_INTERVAL_MAX,
                message: tr('alarmRule.interval', lang),
              },
            ]}
          >
            <InputNumber
              min={1}
              max={ALARM_INTERVAL_MAX}
              precision={0}
              suffix={t('minutes')}
              style={{ width: 200 }}
              disabled={!enabled}
              data-testid="rule-interval"
            />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          {ALARM_THRESHOLDS.map((field) => (
            <Col key={field} xs={24} md={12}>
              <Form.Item
                name={field}
                label={t(`thresholds.${field}`)}
                rules={[{ type: 'integer', ...threshold, message: tr('alarmRule.threshold', lang) }]}
              >
                <InputNumber
                  {...threshold}
                  placeholder={t('noLimit')}
                  suffix={t('alarms')}
                  style={{ width: '100%' }}
                  disabled={!enabled}
                  data-testid={`rule-${field}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item
          name="priorities"
          label={t('priorities')}
          extra={t('prioritiesHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('prioritiesRequired') }]}
        >
          <Checkbox.Group disabled={!enabled} data-testid="rule-priorities">
            {LEVELS_DESC.map((code) => (
              <Checkbox key={code} value={code} data-testid={`priority-${code}`}>
                {PRIORITY_LABELS[code as PriorityCode][lang]}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="rule-save">
            {t('save')}
          </Button>
          <Button
            onClick={() => rule.data && form.setFieldsValue(toFormValues(rule.data))}
            data-testid="rule-reset"
          >
            {t('reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

export default AlarmRulePage;
