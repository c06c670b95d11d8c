import { PASSWORD_MAX, translate } from '@sentinel/contract';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';
import { useSettingsStore } from '@/shared/stores/settings-store.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { LangMenu } from '@/shared/ui/lang-menu.tsx';
import { LoadingOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@/shared/ui/light-icons.tsx';
import { Logo } from '@/shared/ui/logo.tsx';
import { safeRedirect } from '@/shared/utils/safe-redirect.ts';
import { useCaptcha } from '../api/captcha.ts';
import { login } from '../api/login.ts';
import { LoginField, LoginInput } from '../components/login-field.tsx';
import './login-page.css';

type Field = 'username' | 'password' | 'code';
type Values = Record<Field, string>;
type MessageCode = Parameters<typeof translate>[0];

const FIELDS: readonly Field[] = ['username', 'password', 'code'];

/** The required-field messages (SPEC): a value of only spaces is missing too. */
const REQUIRED: Record<Field, MessageCode> = {
  username: 'login.usernameRequired',
  password: 'password.required',
  code: 'login.captchaRequired',
};

const check = (field: Field, value: string): MessageCode | undefined =>
  value.trim() === '' ? REQUIRED[field] : undefined;

/**
 * The login page. Built without antd (issue 17 §8: the login page is the first load, ≤ 200 kB of
 * JavaScript; antd's own floor is about 220): a plain form drawn like the kit's large vertical
 * form (login-page.css), validated like it — each field when it changes, all on submit (the first
 * invalid one takes the focus), messages in the UI language.
 */
export function LoginPage() {
  const { t } = useTranslation('session');
  const lang = useLang();
  const appName = useAppStore((s) => s.appName);
  const appLogo = useAppStore((s) => s.appLogo);
  const primary = useSettingsStore((s) => s.theme);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [values, setValues] = useState<Values>({ username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, MessageCode>>>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  const refreshCaptcha = () => {
    setValues((v) => ({ ...v, code: '' }));
    captcha.refetch();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = Object.fromEntries(FIELDS.map((field) => [field, check(field, values[field])]));
    setErrors(found);
    const invalid = FIELDS.find((field) => found[field]);
    if (invalid) return inputs.current[invalid]?.focus();
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
        { replace: true },
      );
    } catch {
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field) => ({
    id: `login-${name}-input`,
    value: values[name],
    onValue: change(name),
    invalid: Boolean(errors[name]),
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    'data-testid': `login-${name}`,
  });
  const message = (name: Field) => {
    const code = errors[name];
    return code ? translate(code, lang) : undefined;
  };

  return (
    <div className="login-page" style={{ '--login-primary': primary } as React.CSSProperties}>
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
        <LangMenu className="login-lang" />
        <div className="login-card">
          <h2>{t('login.title')}</h2>
          <div className="login-card-sub">{appName}</div>
          <form className="login-form" noValidate onSubmit={submit}>
            <LoginField id="login-username-input" label={t('login.username')} error={message('username')}>
              <LoginInput
                {...field('username')}
                prefix={<UserOutlined />}
                autoComplete="username"
                maxLength={64}
                autoFocus
              />
            </LoginField>
            <LoginField id="login-password-input" label={t('login.password')} error={message('password')}>
              <LoginInput
                {...field('password')}
                type="password"
                prefix={<LockOutlined />}
                autoComplete="current-password"
                maxLength={PASSWORD_MAX}
              />
            </LoginField>
            <LoginField
              id="login-code-input"
              label={t('login.code')}
              error={message('code')}
              hint={t('login.captchaRefresh')}
            >
              <div className="login-captcha-row">
                <LoginInput
                  {...field('code')}
                  prefix={<SafetyOutlined />}
                  autoComplete="off"
                  maxLength={16}
                  hasHint
                />
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
            </LoginField>
            <button
              type="submit"
              className={submitting ? 'login-submit login-submit-loading' : 'login-submit'}
              aria-busy={submitting || undefined}
              data-testid="login-submit"
            >
              {submitting ? <LoadingOutlined className="login-submit-spin" /> : null}
              <span>{t('login.submit')}</span>
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}

export default LoginPage;
