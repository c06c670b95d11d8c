import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../shared/i18n/i18n.ts';

/** Last-resort boundary: a page that failed to load or render (e.g. a stale chunk after deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
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
    <Result
      status="error"
      data-testid="page-error"
      title={t('loadFailed')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('refresh')}
        </Button>
      }
    />
  );
}
