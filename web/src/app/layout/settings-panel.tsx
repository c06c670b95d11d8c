import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useOpenedOnce } from '@/shared/ui/use-opened-once.ts';

/** The drawer and its colour picker load when first opened: the layout is on every page. */
const SettingsDrawer = lazy(() => import('./settings-drawer.tsx'));

/** Settings panel (SPEC §2): theme colour, tags view, fixed header, sidebar logo; all remembered. */
export function SettingsPanel() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <>
      <Tooltip title={t('settings')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('settings')}
          data-testid="settings-button"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {mounted ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
