import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../shared/i18n/i18n.ts';
import { useSettingsStore } from '../shared/stores/settings-store.ts';
import './route-error.css';

/**
 * Last-resort boundary: a page that failed to load or render (e.g. a stale chunk after deploy).
 * Drawn like antd's error Result, without antd: it is in the first load (issue 17 §8), and it must
 * show even when the chunks that hold antd are the ones that failed to load.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const primary = useSettingsStore((s) => s.theme);
  // A page that failed to render is an error like an uncaught one: to the error log (SPEC §8).
  useEffect(() => {
    if (error instanceof Error)
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
  }, [error]);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="route-error" data-testid="page-error">
      <svg className="route-error-icon" viewBox="64 64 896 896" width="72" height="72" aria-hidden="true">
        <path
          fill="currentColor"
          d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z"
        />
      </svg>
      <h1 className="route-error-title">{t('loadFailed')}</h1>
      <p className="route-error-detail">{detail}</p>
      <button
        type="button"
        className="route-error-button"
        style={{ background: primary, borderColor: primary }}
        onClick={() => window.location.reload()}
      >
        {t('refresh')}
      </button>
    </div>
  );
}
