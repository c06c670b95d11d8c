import { ColorPicker, Drawer, Switch } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { DEFAULT_THEME, useSettingsStore } from '@/shared/stores/settings-store.ts';

const PRESETS = [DEFAULT_THEME, '#1890ff', '#13c2c2', '#52c41a', '#fa541c', '#722ed1', '#eb2f96', '#304156'];

/** The settings drawer (SPEC §2), loaded when first opened (settings-panel.tsx). */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const settings = useSettingsStore();
  const row = (label: string, control: React.ReactNode) => (
    <div className="settings-row">
      <span>{label}</span>
      {control}
    </div>
  );
  return (
    <Drawer open={open} onClose={onClose} title={t('settingsPanel.title')} size={300}>
      <div data-testid="settings-panel">
        {row(
          t('settingsPanel.theme'),
          <ColorPicker
            value={settings.theme}
            disabledAlpha
            presets={[{ label: t('settingsPanel.theme'), colors: PRESETS }]}
            onChangeComplete={(color) => settings.setSetting('theme', color.toHexString())}
            data-testid="settings-theme"
          />,
        )}
        {row(
          t('settingsPanel.tagsView'),
          <Switch
            checked={settings.tagsView}
            onChange={(v) => settings.setSetting('tagsView', v)}
            data-testid="settings-tags-view"
          />,
        )}
        {row(
          t('settingsPanel.fixedHeader'),
          <Switch
            checked={settings.fixedHeader}
            onChange={(v) => settings.setSetting('fixedHeader', v)}
            data-testid="settings-fixed-header"
          />,
        )}
        {row(
          t('settingsPanel.sidebarLogo'),
          <Switch
            checked={settings.sidebarLogo}
            onChange={(v) => settings.setSetting('sidebarLogo', v)}
            data-testid="settings-sidebar-logo"
          />,
        )}
      </div>
    </Drawer>
  );
}
