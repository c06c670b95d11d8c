import { useTranslation } from '../i18n/i18n.ts';
import { useSettingsStore } from '../stores/settings-store.ts';
import './page-loading.css';

/**
 * The loading state of a page or of the whole screen (the guard's first round). Without antd (its
 * Spin drew the same): it is in the first load, which antd is not (issue 17 §8).
 */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  const primary = useSettingsStore((s) => s.theme);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="page-loading"
      className="page-loading"
      style={{ minHeight: fullScreen ? '100vh' : 240 }}
    >
      <span className="page-loading-dots" style={{ color: primary }} aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="page-loading-text" style={{ color: primary }}>
        {t('loading')}
      </span>
    </div>
  );
}
