import type { DcsAlarmItem } from '@sentinel/contract';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useDcsAlarm } from '../api/dcs-alarms.ts';
import { limitsText, valueText } from '../lib/dcs-format.ts';
import { DcsStateTag, LevelTag } from './dcs-table.tsx';

/** One DCS alarm with who processed it, when and the comment. */
export function DcsDetailDialog({ alarm, onClose }: { alarm: DcsAlarmItem; onClose: () => void }) {
  const { t } = useTranslation('historyEvents');
  const detail = useDcsAlarm(alarm.id);
  // The list row is shown at once; the fetched detail replaces it (fresher if processed since).
  const row = detail.data ?? alarm;
  return (
    <Modal open title={t('dcsDetailTitle', { id: alarm.id })} onCancel={onClose} footer={null} width={720}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid="dcs-detail">
        <Descriptions.Item label={t('dcs.time')}>{formatTime(row.alarmTime)}</Descriptions.Item>
        <Descriptions.Item label={t('dcs.state')}>
          <DcsStateTag state={row.alarmState} />
        </Descriptions.Item>
        <Descriptions.Item label={t('dcs.tag')}>{row.tag}</Descriptions.Item>
        <Descriptions.Item label={t('dcs.point')}>{row.pointName}</Descriptions.Item>
        <Descriptions.Item label={t('dcs.value')}>{valueText(row)}</Descriptions.Item>
        <Descriptions.Item label={t('dcs.limits')}>{limitsText(row)}</Descriptions.Item>
        <Descriptions.Item label={t('dcs.level')}>
          <LevelTag priority={row.priority} />
        </Descriptions.Item>
        <Descriptions.Item label={t('dcs.area')}>{row.areaName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('column.scene')}>{row.sceneName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('dcs.message')}>{row.message || '—'}</Descriptions.Item>
        {row.alarmState !== 1 ? (
          <>
            <Descriptions.Item label={t('dcs.handler')}>
              <span data-testid="dcs-detail-handler">{row.handler || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dcs.handleTime')}>
              {row.handleTime ? formatTime(row.handleTime) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dcs.comment')} span={2}>
              <span data-testid="dcs-detail-comment">{row.stateComments || '—'}</span>
            </Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
    </Modal>
  );
}
