import { Tooltip } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { ConnectionState } from '@/shared/realtime/realtime-client.ts';

/** "Live" while the event stream is connected, else "refreshing every 15 s". */
export function LiveStatus({ connection }: { connection: ConnectionState }) {
  const { t } = useTranslation('dashboard');
  const live = connection === 'connected';
  return (
    <Tooltip title={live ? t('liveHint') : t('polling')}>
      <span
        className={live ? 'dash-conn live' : 'dash-conn'}
        data-testid="dashboard-connection"
        data-state={connection}
      >
        {live ? t('live') : t('pollingShort')}
      </span>
    </Tooltip>
  );
}
