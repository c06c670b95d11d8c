import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { EyeInvisibleOutlined, EyeOutlined } from '@/shared/ui/light-icons.tsx';

/**
 * One field of the login form, drawn like antd's large vertical form item and input with a prefix
 * icon (the login page is built without antd: issue 17 §8). The label names the input; the error
 * (role alert, like antd's) and the hint describe it.
 */
export function LoginField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={error ? 'login-field login-field-error' : 'login-field'}>
      <label className="login-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error || hint ? (
        <div className="login-messages">
          {error ? (
            <div id={`${id}-error`} className="login-error" role="alert">
              {error}
            </div>
          ) : null}
          {hint ? (
            <div id={`${id}-hint`} className="login-hint">
              {hint}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'prefix'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  prefix: React.ReactNode;
  invalid: boolean;
  hasHint?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
};

/** The input with its prefix icon (and for a password, the show/hide toggle, like antd's). */
export function LoginInput({
  id,
  value,
  onValue,
  prefix,
  invalid,
  hasHint,
  inputRef,
  type,
  ...rest
}: InputProps) {
  const { t } = useTranslation('session');
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const describedBy = [invalid ? `${id}-error` : '', hasHint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <span className="login-input">
      <span className="login-input-prefix">{prefix}</span>
      <input
        {...rest}
        ref={inputRef}
        id={id}
        type={password && shown ? 'text' : type}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
      />
      {password ? (
        // Out of the Tab order, like antd's eye icon; a mouse or touch shows the password.
        <button
          type="button"
          className="login-input-suffix"
          tabIndex={-1}
          aria-label={t('login.showPassword')}
          aria-pressed={shown}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      ) : null}
    </span>
  );
}
