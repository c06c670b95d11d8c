import { Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from '../i18n/i18n.ts';

export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="page-loading"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <Spin size="large" description={t('loading')} />
    </div>
  );
}

export function PageEmpty({ description }: { description?: React.ReactNode }) {
  const { t } = useTranslation();
  return <Empty data-testid="page-empty" description={description ?? t('noData')} style={{ padding: 48 }} />;
}

export function PageError({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      data-testid="page-error"
      title={t('loadFailed')}
      subTitle={message}
      extra={onRetry ? <Button onClick={onRetry}>{t('retry')}</Button> : undefined}
    />
  );
}
