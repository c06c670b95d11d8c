import { Badge } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation('equipment');
  return <Badge status={online ? 'success' : 'default'} text={online ? t('online') : t('offline')} />;
}
