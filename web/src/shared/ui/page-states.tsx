import { Button, Empty, Result } from 'antd';
import { useTranslation } from '../i18n/i18n.ts';

/** In its own module (no antd): the first load has it. */
export { PageLoading } from './page-loading.tsx';

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
