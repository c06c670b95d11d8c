import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { ConnectionState } from '@/shared/realtime/realtime-client.ts';

/** "Live" while the event stream is connected (else "refreshing every 15 s"), with the last update. */
export function LiveStatus({ connection, updatedAt }: { connection: ConnectionState; updatedAt: number }) {
  const { t } = useTranslation('dashboard');
  const live = connection === 'connected';
  const updated = updatedAt ? t('updatedAt', { time: dayjs(updatedAt).format('HH:mm:ss') }) : '';
  return (
    <Tooltip title={[live ? t('liveHint') : t('polling'), updated].filter(Boolean).join(' · ')}>
      <span
        className={live ? 'dash-conn live' : 'dash-conn'}
        data-testid="dashboard-connection"
        data-state={connection}
        data-updated={updatedAt}
      >
        {live ? t('live') : t('pollingShort')}
      </span>
    </Tooltip>
  );
}
