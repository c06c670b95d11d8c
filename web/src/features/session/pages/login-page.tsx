import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, translate } from '@sentinel/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { LangSwitch } from '@/shared/ui/lang-switch.tsx';
import { Logo } from '@/shared/ui/logo.tsx';
import { safeRedirect } from '@/shared/utils/safe-redirect.ts';
import { useCaptcha } from '../api/captcha.ts';
import { login } from '../api/login.ts';
import './login-page.css';

interface Values {
  username: string;
  password: string;
  code: string;
}

export function LoginPage() {
  const { t } = useTranslation('session');
  const lang = useLang();
  const appName = useAppStore((s) => s.appName);
  const appLogo = useAppStore((s) => s.appLogo);
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = () => {
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const submit = async (values: Values) => {
    if (!captcha.data) return refreshCaptcha();
    setSubmitting(true);
    try {
      const result = await login({
        username: values.username.trim(),
        password: values.password,
        key: captcha.data.key,
        code: values.code.trim(),
      });
      useUserStore.getState().setToken(result.token);
      navigate(
        result.mustChangePassword ? '/firstLoginChangePassword' : safeRedirect(params.get('redirect')),
        {
          replace: true,
        },
      );
    } catch {
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const required = (code: Parameters<typeof translate>[0]) => [
    { required: true, whitespace: true, message: translate(code, lang) },
  ];

  return (
    <div className="login-page">
      <section className="login-brand" aria-hidden="true">
        <div className="login-brand-head">
          <Logo src={appLogo} size={36} />
          <span>{appName}</span>
        </div>
        <div className="login-brand-copy">
          <h1>{appName}</h1>
          <p>{t('login.subtitle')}</p>
        </div>
        <div className="login-brand-foot">{t('login.footer')}</div>
      </section>
      <main className="login-main">
        <LangSwitch className="login-lang" showLabel />
        <div className="login-card">
          <h2>{t('login.title')}</h2>
          <div className="login-card-sub">{appName}</div>
          <Form<Values> form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
            <Form.Item name="username" label={t('login.username')} rules={required('login.usernameRequired')}>
              <Input
                prefix={<UserOutlined />}
                autoComplete="username"
                maxLength={64}
                data-testid="login-username"
                autoFocus
              />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={required('password.required')}>
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="current-password"
                maxLength={PASSWORD_MAX}
                data-testid="login-password"
              />
            </Form.Item>
            <Form.Item label={t('login.code')} required extra={t('login.captchaRefresh')}>
              <div className="login-captcha-row">
                <Form.Item name="code" noStyle rules={required('login.captchaRequired')}>
                  <Input
                    prefix={<SafetyOutlined />}
                    autoComplete="off"
                    maxLength={16}
                    data-testid="login-code"
                    aria-label={t('login.code')}
                  />
                </Form.Item>
                <button
                  type="button"
                  className="login-captcha"
                  onClick={refreshCaptcha}
                  title={t('login.captchaAlt')}
                  aria-label={t('login.captchaAlt')}
                >
                  {captcha.data ? (
                    <img
                      data-testid="login-captcha"
                      data-key={captcha.data.key}
                      alt={t('login.captchaAlt')}
                      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data.svg)}`}
                    />
                  ) : (
                    <span data-testid="login-captcha">
                      {captcha.isError ? t('login.captchaFailed') : '…'}
                    </span>
                  )}
                </button>
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}

export default LoginPage;
