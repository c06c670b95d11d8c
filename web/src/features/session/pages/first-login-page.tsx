import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { logoutLocally } from '@/shared/session.ts';
import { logout } from '../api/login.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

/** SPEC §5: the initial password must be changed; the guard keeps every navigation here until then. */
export function FirstLoginPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const leave = async () => {
    await logout().catch(() => undefined);
    logoutLocally();
    navigate('/login', { replace: true });
  };
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 0' }}>
      <Card style={{ width: '100%', maxWidth: 520 }} data-testid="first-login-page">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          <KeyOutlined style={{ marginRight: 8 }} />
          {t('firstLogin.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('firstLogin.text')}</Typography.Paragraph>
        <ChangePasswordForm extra={<Button onClick={leave}>{t('firstLogin.logout')}</Button>} />
      </Card>
    </div>
  );
}

export default FirstLoginPage;
