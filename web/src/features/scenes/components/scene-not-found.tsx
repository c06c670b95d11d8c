import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** An unknown or disabled scene id (never the app's 404 page: the route exists). */
export function SceneNotFound({ backTo }: { backTo: string }) {
  const { t } = useTranslation('scenes');
  return (
    <Result
      status="warning"
      title={t('notFoundTitle')}
      subTitle={t('notFoundText')}
      data-testid="scene-not-found"
      extra={
        <Link to={backTo}>
          <Button>{t('backToList')}</Button>
        </Link>
      }
    />
  );
}
