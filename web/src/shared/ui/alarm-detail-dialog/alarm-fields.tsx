import type { AlarmItem } from '@sentinel/contract';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { DIALOG_LEVEL_COLORS, dialogLevel, isApproved } from './alarm-rules.ts';

const STATE_COLORS: Record<number, string> = { 1: 'red', 2: 'green', 3: 'default', 4: 'orange' };

/** Alarm state tag (approved = processed with an approval time). */
export function AlarmStateTag({ alarm }: { alarm: Pick<AlarmItem, 'alarmState' | 'approveTime'> }) {
  const { t } = useTranslation();
  const approved = isApproved(alarm);
  return (
    <Tag color={approved ? 'cyan' : STATE_COLORS[alarm.alarmState]} data-testid="alarm-state">
      {approved ? t('alarm.approved') : t(`alarm.state.${alarm.alarmState}`)}
    </Tag>
  );
}

/** All fields of an alarm; the level uses the dialog's three names (severe, urgent, general). */
export function AlarmFields({ alarm }: { alarm: AlarmItem }) {
  const { t } = useTranslation();
  const level = dialogLevel(alarm.priority);
  const extra = Object.entries(alarm.extraInfo ?? {});
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="alarm-fields">
      <Descriptions.Item label={t('alarm.field.id')}>{alarm.id}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.time')}>{formatTime(alarm.alarmTime)}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.level')}>
        <Tag color={DIALOG_LEVEL_COLORS[level]}>{t(`alarm.level.${level}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.type')}>{alarm.videoAlarmTypeName}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.scene')}>{alarm.sceneName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.camera')}>{alarm.cameraName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.area')}>
        {[alarm.factoryName, alarm.areaName].filter(Boolean).join(' / ') || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.status')}>
        <AlarmStateTag alarm={alarm} />
        {alarm.falsePositive ? <Tag>{t('alarm.falsePositive')}</Tag> : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.result')}>{alarm.alarmResult || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.jobNumber')}>{alarm.jobNumber || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.handler')}>{alarm.handler || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.handleTime')}>
        {formatTime(alarm.handleTime) || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.comment')}>{alarm.stateComments || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('alarm.field.approver')}>
        {alarm.approver ? `${alarm.approver} · ${formatTime(alarm.approveTime)}` : '—'}
      </Descriptions.Item>
      {extra.length > 0 ? (
        <Descriptions.Item label={alarm.extraInfoName || t('alarm.field.extra')} span={2}>
          {extra
            .map(
              ([key, value]) =>
                `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
            )
            .join('; ')}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
