import {
  DownOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LogoutOutlined,
  NotificationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChangePasswordDialog, logout } from '@/features/session/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { logoutLocally } from '@/shared/session.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { type DropdownEntry, LightDropdown } from '@/shared/ui/light-dropdown.tsx';
import { useOpenedOnce } from '@/shared/ui/use-opened-once.ts';

/** Loaded when first opened: the layout that holds the menu is on every page. */
const AboutDialog = lazy(() => import('./about-dialog.tsx').then((m) => ({ default: m.AboutDialog })));

export function UserMenu() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const id = useUserStore((s) => s.id);
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);
  const [dialog, setDialog] = useState<'password' | 'about' | null>(null);
  const passwordMounted = useOpenedOnce(dialog === 'password');
  const aboutMounted = useOpenedOnce(dialog === 'about');

  const doLogout = async () => {
    await logout().catch(() => undefined);
    logoutLocally();
    navigate('/login', { replace: true });
  };

  const label = (testid: string, text: string) => <span data-testid={testid}>{text}</span>;
  const items: DropdownEntry[] = [
    {
      key: 'accountSettings',
      icon: <UserOutlined />,
      label: label('menu-account-settings', t('user.accountSettings')),
    },
    {
      key: 'alarmRules',
      icon: <NotificationOutlined />,
      label: label('menu-alarm-rules', t('user.alarmRules')),
    },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: label('menu-change-password', t('user.changePassword')),
    },
    { key: 'about', icon: <InfoCircleOutlined />, label: label('menu-about', t('user.about')) },
    { type: 'divider', key: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: label('menu-logout', t('user.logout')), danger: true },
  ];

  return (
    <>
      <LightDropdown
        items={items}
        label={name}
        onPick={(key) => {
          if (key === 'accountSettings') navigate('/accountSettings');
          else if (key === 'alarmRules') navigate(`/index?userId=${id ?? ''}&type=1`);
          else if (key === 'password') setDialog('password');
          else if (key === 'about') setDialog('about');
          else if (key === 'logout') void doLogout();
        }}
      >
        {({ ref, ...trigger }) => (
          <Button
            {...trigger}
            ref={ref as React.RefObject<HTMLButtonElement>}
            type="text"
            className="user-menu-trigger"
            data-testid="user-menu"
          >
            <Avatar
              size={28}
              src={avatar || undefined}
              style={{ backgroundColor: 'var(--ant-color-primary)' }}
            >
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <span className="user-name">{name}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        )}
      </LightDropdown>
      <Suspense fallback={null}>
        {passwordMounted ? (
          <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
        ) : null}
        {aboutMounted ? <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
