import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { DownloadCenter } from '@/features/download-center/index.ts';
import { VideoWallSwitch } from '@/features/video-wall/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';
import { LangSwitch } from '@/shared/ui/lang-switch.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { ErrorLogButton } from './error-log-button.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { UserMenu } from './user-menu.tsx';

export function Navbar() {
  const { t } = useTranslation('layout');
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  return (
    <header className="navbar">
      <Button
        type="text"
        className="hamburger"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggle}
        aria-label={t('toggleSidebar')}
        aria-expanded={opened}
        data-testid="sidebar-toggle"
      />
      <Breadcrumbs />
      <div className="navbar-right">
        <ErrorLogButton />
        <VideoWallSwitch />
        <LangSwitch />
        <DownloadCenter />
        <SettingsPanel />
        <UserMenu />
      </div>
    </header>
  );
}
