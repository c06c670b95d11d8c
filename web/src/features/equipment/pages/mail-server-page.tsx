import { SendOutlined } from '@ant-design/icons';
import { type MailServerBody, type MailServerSettings, mailServerBody } from '@sentinel/contract';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { EngineKeysSection } from '@/features/engines/index.ts';
import { zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useMailServer, useSaveMailServer, useSendTestMail } from '../api/mail-server.ts';

const f = mailServerBody.shape;
type FormValues = Omit<MailServerBody, 'password' | 'clearPassword'> & {
  password?: string;
  clearPassword?: boolean;
};

const toForm = (s: MailServerSettings): FormValues => ({
  host: s.host,
  port: s.port,
  encrypted: s.encrypted,
  username: s.username,
  password: '',
  clearPassword: false,
  fromAddress: s.fromAddress,
  testAddress: s.testAddress,
});

/** The form of the mail server and its test; `settings` is what the server holds. */
function MailServerForm({ settings }: { settings: MailServerSettings }) {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation();
  const buttons = useButtons('systemServerSettings');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveMailServer();
  const test = useSendTestMail();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const clearPassword = Form.useWatch('clearPassword', form);
  useEffect(() => form.setFieldsValue(toForm(settings)), [settings, form]);

  const body = (values: FormValues): MailServerBody => ({
    ...values,
    password: values.clearPassword ? undefined : values.password || undefined,
    clearPassword: Boolean(values.clearPassword),
  });
  const onSave = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ body: body(values) });
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  /** Saves what is on screen (quietly), then sends the test message through it. */
  const onTest = async () => {
    const values = await form.validateFields();
    setResult(null);
    try {
      await save.mutateAsync({ body: body(values), silent: true });
    } catch (error) {
      if (!applyFieldErrors(form, error)) setResult({ ok: false, text: (error as Error).message });
      return;
    }
    try {
      const answer = await test.mutateAsync();
      setResult({ ok: true, text: answer.message });
    } catch (error) {
      setResult({ ok: false, text: (error as Error).message });
    }
  };
  const busy = save.isPending || test.isPending;

  return (
    <Form form={form} layout="vertical" name="mailServer" onFinish={onSave} style={{ maxWidth: 560 }}>
      <Form.Item name="host" label={t('mail.host')} required rules={[zodRule(f.host)]}>
        <Input maxLength={253} placeholder="smtp.example.com" autoFocus />
      </Form.Item>
      <Space wrap size={24} align="start">
        <Form.Item name="port" label={t('field.port')} required rules={[zodRule(f.port)]}>
          <InputNumber style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="encrypted" label={t('mail.encrypted')} valuePropName="checked">
          <Switch checkedChildren="TLS" />
        </Form.Item>
      </Space>
      <Form.Item name="username" label={t('mail.username')}>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('mail.password')}
        extra={settings.passwordSet ? t('mail.passwordSet') : t('mail.passwordNotSet')}
      >
        <Input.Password
          maxLength={200}
          autoComplete="new-password"
          disabled={Boolean(clearPassword)}
          placeholder={settings.passwordSet ? t('mail.passwordKeep') : ''}
        />
      </Form.Item>
      {settings.passwordSet ? (
        <Form.Item name="clearPassword" valuePropName="checked">
          <Checkbox>{t('mail.clearPassword')}</Checkbox>
        </Form.Item>
      ) : null}
      <Form.Item name="fromAddress" label={t('mail.from')} required rules={[zodRule(f.fromAddress)]}>
        <Input maxLength={100} placeholder="sentinel@example.com" />
      </Form.Item>
      <Form.Item name="testAddress" label={t('mail.testAddress')} required rules={[zodRule(f.testAddress)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Space wrap>
        {buttons.can('systemServerSettings:save') ? (
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending && !test.isPending}
            disabled={busy}
          >
            {tc('save')}
          </Button>
        ) : null}
        {buttons.can('systemServerSettings:test') ? (
          <Button
            icon={<SendOutlined />}
            onClick={onTest}
            loading={test.isPending}
            disabled={busy}
            data-testid="mail-test"
          >
            {t('mail.sendTest')}
          </Button>
        ) : null}
      </Space>
      {test.isPending ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} role="status">
          {t('mail.sending')}
        </Typography.Paragraph>
      ) : null}
      {result ? (
        <Alert
          style={{ marginTop: 16 }}
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.text}
          data-testid="mail-test-result"
          role="status"
        />
      ) : null}
    </Form>
  );
}

/** /systemSettings/serverSettings: the mail server and a real test message; the engine API keys. */
export default function MailServerPage() {
  const { t } = useTranslation('equipment');
  const query = useMailServer();
  return (
    <>
      <Card variant="borderless" title={t('mail.title')} data-testid="mail-page">
        {query.isPending ? (
          <PageLoading />
        ) : query.isError ? (
          <PageError message={query.error.message} onRetry={() => query.refetch()} />
        ) : (
          <MailServerForm settings={query.data} />
        )}
      </Card>
      {/* engine keys: the engines feature's public section (issue 4 §1) */}
      <div style={{ marginTop: 16 }}>
        <EngineKeysSection />
      </div>
    </>
  );
}
