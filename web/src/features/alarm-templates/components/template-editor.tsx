import {
  ALARM_TEMPLATE_PLACEHOLDERS,
  type AlarmItem,
  type AlarmTemplateItem,
  type AlarmTemplateVars,
  alarmTemplateVars,
  renderTemplate,
  SAMPLE_ALARM_VARS,
  unknownPlaceholders,
} from '@sentinel/contract';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { useResetTemplate, useSaveTemplate } from '../api.ts';

type Field = 'subject' | 'body';

/**
 * One template's editor: subject and body, the placeholders (a click inserts one where the cursor
 * was), unknown placeholders flagged as you type, a live preview with a sample or a recent alarm,
 * save and reset to the default.
 */
export function TemplateEditor({
  item,
  samples,
  editable,
}: {
  item: AlarmTemplateItem;
  samples: AlarmItem[];
  editable: boolean;
}) {
  const { t } = useTranslation('alarmTemplates');
  const [form] = Form.useForm<{ subject: string; body: string }>();
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const subject = Form.useWatch('subject', form) ?? item.subject;
  const body = Form.useWatch('body', form) ?? item.body;
  const [sampleId, setSampleId] = useState<number | 'builtin'>('builtin');
  const lastField = useRef<Field>('body');
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  const testid = `${item.channel}-${item.lang}`;

  useEffect(() => {
    form.setFieldsValue({ subject: item.subject, body: item.body });
  }, [form, item.subject, item.body]);

  const unknown = useMemo(
    () => [...new Set([...unknownPlaceholders(subject), ...unknownPlaceholders(body)])],
    [subject, body],
  );
  const vars: AlarmTemplateVars = useMemo(() => {
    const alarm = samples.find((a) => a.id === sampleId);
    return alarm
      ? alarmTemplateVars(alarm, item.lang, { link: `${window.location.origin}/historyRecords/historyAlarm` })
      : SAMPLE_ALARM_VARS;
  }, [samples, sampleId, item.lang]);

  const insert = (name: string) => {
    const field = lastField.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current?.resizableTextArea?.textArea;
    const value = form.getFieldValue(field) ?? '';
    const marker = `{{${name}}}`;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    form.setFieldValue(field, value.slice(0, start) + marker + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + marker.length, start + marker.length);
    });
  };

  const submit = async (values: { subject: string; body: string }) => {
    try {
      await save.mutateAsync({ channel: item.channel, lang: item.lang, body: values });
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Row gutter={[16, 16]} data-testid={`template-editor-${testid}`}>
      <Col xs={24} xl={13}>
        <Form form={form} layout="vertical" onFinish={submit} disabled={!editable}>
          <Form.Item
            name="subject"
            label={t('subject')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input
              maxLength={200}
              ref={(el) => {
                subjectRef.current = el?.input ?? null;
              }}
              onFocus={() => {
                lastField.current = 'subject';
              }}
              data-testid={`template-subject-${testid}`}
            />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('body')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input.TextArea
              ref={bodyRef}
              autoSize={{ minRows: 6, maxRows: 16 }}
              maxLength={4000}
              onFocus={() => {
                lastField.current = 'body';
              }}
              data-testid={`template-body-${testid}`}
            />
          </Form.Item>
          {unknown.length > 0 ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('unknown', { names: unknown.map((n) => `{{${n}}}`).join(', ') })}
              data-testid={`template-unknown-${testid}`}
            />
          ) : null}
          <Typography.Text type="secondary">{t('placeholders')}</Typography.Text>
          <div style={{ margin: '8px 0 16px' }} data-testid={`template-placeholders-${testid}`}>
            {ALARM_TEMPLATE_PLACEHOLDERS.map((name) => (
              <Button
                key={name}
                size="small"
                type="dashed"
                onClick={() => insert(name)}
                title={t(`placeholder.${name}`)}
                style={{ margin: '0 4px 4px 0' }}
              >
                {`{{${name}}}`}
              </Button>
            ))}
          </div>
          {editable ? (
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                disabled={unknown.length > 0}
                data-testid={`template-save-${testid}`}
              >
                {t('save')}
              </Button>
              <Button
                disabled={!item.custom}
                loading={reset.isPending}
                data-testid={`template-reset-${testid}`}
                onClick={() =>
                  confirmDialog({
                    title: t('resetConfirm'),
                    onOk: () => reset.mutateAsync({ channel: item.channel, lang: item.lang }),
                  })
                }
              >
                {t('reset')}
              </Button>
              {item.custom ? null : <Typography.Text type="secondary">{t('usingDefault')}</Typography.Text>}
            </Space>
          ) : null}
        </Form>
      </Col>
      <Col xs={24} xl={11}>
        <Card
          size="small"
          title={t('preview')}
          extra={
            <Select
              size="small"
              style={{ width: 240 }}
              value={sampleId}
              onChange={setSampleId}
              aria-label={t('sample')}
              data-testid={`template-sample-${testid}`}
              options={[
                { value: 'builtin', label: t('sampleBuiltin') },
                ...samples.map((a) => ({
                  value: a.id,
                  label: `#${a.id} ${a.cameraName} ${a.videoAlarmTypeName}`,
                })),
              ]}
            />
          }
        >
          <Typography.Text strong data-testid={`template-preview-subject-${testid}`}>
            {renderTemplate(subject, vars)}
          </Typography.Text>
          <pre
            style={{ whiteSpace: 'pre-wrap', marginTop: 8, fontFamily: 'inherit' }}
            data-testid={`template-preview-body-${testid}`}
          >
            {renderTemplate(body, vars)}
          </pre>
        </Card>
      </Col>
    </Row>
  );
}
