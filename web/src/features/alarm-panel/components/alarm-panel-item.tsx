import {
  ALARM_API,
  ALARM_COMMENT_MAX,
  type AlarmItem,
  isPriorityCode,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  translate,
} from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { action } from '@/shared/request/request.ts';
import { refreshAlarms } from '@/shared/ui/alarm-detail-dialog/alarm-api.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { isAlarmItem, isHandled } from '../alarm-feed.ts';

function alarmFromData(data: unknown): AlarmItem | undefined {
  if (isAlarmItem(data)) return data;
  if (typeof data === 'object' && data !== null && 'alarm' in data && isAlarmItem(data.alarm))
    return data.alarm;
  return undefined;
}

interface Props {
  alarm: AlarmItem;
  /** Element the confirmation renders in (so a click in it is not "outside" the panel). */
  container: () => HTMLElement;
  onHandled: (id: number, server?: AlarmItem) => void;
  onConflict: (alarm: AlarmItem) => void;
  /** Opens the shared alarm detail dialog on this alarm. */
  onOpen: () => void;
}

/** One alarm of the floating panel with its in-place actions (process with comment, false positive). */
export function AlarmPanelItem({ alarm, container, onHandled, onConflict, onOpen }: Props) {
  const { t } = useTranslation('alarmPanel');
  const lang = useLang();
  const client = useQueryClient();
  const [dealing, setDealing] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const handled = isHandled(alarm);
  const level = isPriorityCode(alarm.priority) ? alarm.priority : null;

  const run = async (call: () => Promise<{ data: unknown }>) => {
    setBusy(true);
    try {
      const envelope = await call();
      onHandled(alarm.id, alarmFromData(envelope.data));
      refreshAlarms(client, alarm.id);
      setDealing(false);
      setComment('');
    } catch (error) {
      // The request layer showed the message; a 409 carries the alarm as it is now.
      const now = error instanceof RequestError ? alarmFromData(error.data) : undefined;
      if (now) onConflict(now);
    } finally {
      setBusy(false);
    }
  };

  const deal = () =>
    run(() =>
      action(ALARM_API.deal, { body: { id: alarm.id, comment: comment.trim(), version: alarm.version } }),
    );
  // SPEC §8: cancelling from the panel says 取消成功 (the history page's mark says 标记成功).
  const cancel = () =>
    run(() =>
      action(ALARM_API.cancel(alarm.id), {
        body: { version: alarm.version },
        successText: translate('alarm.cancelled', lang),
      }),
    );

  return (
    <li
      className={handled ? 'alarm-panel-item handled' : 'alarm-panel-item'}
      data-testid="alarm-item"
      data-id={alarm.id}
      data-state={alarm.alarmState}
    >
      <div className="alarm-panel-item-main">
        {alarm.alarmImage ? (
          <img
            className="alarm-panel-thumb"
            src={alarm.alarmImageDraw || alarm.alarmImage}
            alt=""
            loading="lazy"
          />
        ) : (
          <div className="alarm-panel-thumb alarm-panel-thumb-empty" />
        )}
        <div className="alarm-panel-item-text">
          <div className="alarm-panel-item-title">
            {level ? (
              <Tag color={PRIORITY_COLORS[level]} data-testid="alarm-level">
                {PRIORITY_LABELS[level][lang]}
              </Tag>
            ) : null}
            <Typography.Text strong ellipsis title={alarm.videoAlarmTypeName}>
              {alarm.videoAlarmTypeName}
            </Typography.Text>
          </div>
          <Typography.Text type="secondary" ellipsis className="alarm-panel-meta">
            {[alarm.sceneName, alarm.cameraName].filter(Boolean).join(' · ')}
          </Typography.Text>
          <Typography.Text type="secondary" className="alarm-panel-meta">
            {formatTime(alarm.alarmTime)}
          </Typography.Text>
        </div>
      </div>
      {handled ? (
        <Typography.Text type="success" data-testid="alarm-handled">
          {alarm.falsePositive || alarm.alarmState === 3 ? t('cancelled') : t('handled')}
        </Typography.Text>
      ) : dealing ? (
        <div className="alarm-panel-deal">
          <Input.TextArea
            autoFocus
            rows={2}
            value={comment}
            maxLength={ALARM_COMMENT_MAX}
            showCount
            placeholder={t('commentPlaceholder')}
            aria-label={t('comment')}
            data-testid="alarm-comment"
            onChange={(e) => setComment(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void deal();
              if (e.key === 'Escape') setDealing(false);
            }}
          />
          <Space size="small">
            <Button size="small" type="primary" loading={busy} onClick={deal} data-testid="alarm-deal-submit">
              {t('submit')}
            </Button>
            <Button size="small" onClick={() => setDealing(false)} disabled={busy}>
              {t('back')}
            </Button>
          </Space>
        </div>
      ) : (
        <Space size="small" wrap>
          {alarm.alarmState === 1 ? (
            <Button size="small" type="primary" onClick={() => setDealing(true)} data-testid="alarm-deal">
              {t('process')}
            </Button>
          ) : (
            <Tag data-testid="alarm-awaiting">{t('awaitingApproval')}</Tag>
          )}
          <Popconfirm
            title={t('confirmTitle')}
            description={t('confirmCancel')}
            okText={t('ok')}
            cancelText={t('cancel')}
            getPopupContainer={container}
            onConfirm={cancel}
          >
            <Button size="small" danger loading={busy} data-testid="alarm-false-positive">
              {t('falsePositive')}
            </Button>
          </Popconfirm>
          <Button size="small" type="link" onClick={onOpen} data-testid="alarm-details">
            {t('details')}
          </Button>
        </Space>
      )}
    </li>
  );
}
