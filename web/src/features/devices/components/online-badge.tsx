import { Badge } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** Online / offline status of a camera (read-only). */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation('devices');
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={online ? t('status.online') : t('status.offline')}
      data-testid={online ? 'status-online' : 'status-offline'}
    />
  );
}
