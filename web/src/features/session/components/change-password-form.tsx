import { PASSWORD_MAX, translate } from '@sentinel/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { logoutLocally } from '@/shared/session.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useChangePassword } from '../api/change-password.ts';
import { confirmPasswordError, currentPasswordError, newPasswordError } from './password-rules.ts';

interface Values {
  password: string;
  newpassword: string;
  confirm: string;
}

/** Change-password form (dialog and first-login page); success ends the session (SPEC §4). */
export function ChangePasswordForm({ onDone, extra }: { onDone?: () => void; extra?: React.ReactNode }) {
  const { t } = useTranslation('session');
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const mutation = useChangePassword();

  const submit = async (values: Values) => {
    try {
      const result = await mutation.mutateAsync({
        password: values.password,
        newpassword: values.newpassword,
      });
      if (!result.message) toast.success(translate('password.changed', lang));
    } catch {
      return; // The request layer has shown the error.
    }
    onDone?.();
    logoutLocally();
    navigate('/login', { replace: true });
  };

  const rule = (check: (value: string | undefined) => string | null) => ({
    validator: (_: unknown, value: string | undefined) => {
      const error = check(value);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  });

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark autoComplete="off">
      <Alert type="info" showIcon title={t('changePassword.hint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="password"
        label={t('changePassword.current')}
        required
        rules={[rule((v) => currentPasswordError(v, lang))]}
      >
        <Input.Password data-testid="cp-old" maxLength={PASSWORD_MAX} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newpassword"
        label={t('changePassword.new')}
        required
        rules={[rule((v) => newPasswordError(v, lang))]}
      >
        <Input.Password data-testid="cp-new" maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('changePassword.confirm')}
        required
        dependencies={['newpassword']}
        rules={[rule((v) => confirmPasswordError(v, form.getFieldValue('newpassword'), lang))]}
      >
        <Input.Password data-testid="cp-confirm" maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        {extra}
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="cp-submit">
          {t('changePassword.submit')}
        </Button>
      </div>
    </Form>
  );
}
