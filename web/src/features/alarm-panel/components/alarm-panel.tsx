import { AlertOutlined, CloseOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { isHandled } from '../alarm-feed.ts';
import { useAlarmSoundStore } from '../alarm-sound.ts';
import { useAlarmFeed } from '../use-alarm-feed.ts';
import { AlarmPanelItem } from './alarm-panel-item.tsx';
import './alarm-panel.css';
import { SceneOnDuty } from '@/features/duty-roster/index.ts';

/**
 * The alarm's dialog (images, video, handling) loads when an alarm is opened: the layout, which
 * holds this panel on every page, does not wait for it.
 */
const AlarmDetailDialog = lazy(() =>
  import('@/shared/ui/alarm-detail-dialog/index.ts').then((m) => ({ default: m.AlarmDetailDialog })),
);

/** Portaled antd overlays that belong to the panel's interactions (not "outside"). */
const OVERLAYS = '.ant-popover, .ant-modal-root, .ant-modal-wrap, .ant-image-preview-root, .ant-message';

/**
 * Floating alarm message panel (SPEC §2, §4): a side tab on the right edge with an indicator,
 * opening a panel with the latest alarms and their in-place actions.
 */
export function AlarmPanel() {
  const { t } = useTranslation('alarmPanel');
  const feed = useAlarmFeed();
  const muted = useAlarmSoundStore((s) => s.muted);
  const setMuted = useAlarmSoundStore((s) => s.setMuted);
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<{ ids: number[]; index: number } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pending = feed.alarms.filter((a) => !isHandled(a)).length;

  // A click outside closes the panel.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (rootRef.current?.contains(target) || target.closest(OVERLAYS)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  // When every listed alarm is handled (state 2), the panel closes (SPEC §4).
  const everyHandled = feed.alarms.length > 0 && pending === 0;
  useEffect(() => {
    if (everyHandled) setOpen(false);
  }, [everyHandled]);

  const toggle = () => {
    setOpen((value) => {
      // Opening after a failed poll tries again (SPEC §4: polling resumes after a success).
      if (!value && feed.failed) void feed.reload();
      return !value;
    });
  };

  const container = useCallback(() => panelRef.current ?? document.body, []);
  const navigate = useNavigate();
  const openHistory = () => {
    feed.clearHeld();
    setOpen(false);
    navigate('/historyRecords/historyAlarm');
  };

  if (!feed.enabled) return null;
  const live = feed.connection === 'connected';

  return (
    <div className="alarm-panel-root" ref={rootRef} data-testid="alarm-panel-root">
      <button
        type="button"
        className={open ? 'alarm-panel-tab open' : 'alarm-panel-tab'}
        onClick={toggle}
        aria-expanded={open}
        aria-controls="alarm-panel"
        data-testid="alarm-panel-tab"
        data-count={pending}
      >
        <Badge dot={pending > 0} offset={[-2, 2]} data-testid="alarm-panel-dot">
          <AlertOutlined className="alarm-panel-tab-icon" />
        </Badge>
        <span className="alarm-panel-tab-label">{t('tab')}</span>
        {pending > 0 ? (
          <span className="alarm-panel-tab-count" data-testid="alarm-panel-count">
            {pending > 99 ? '99+' : pending}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id="alarm-panel"
          className="alarm-panel"
          ref={panelRef}
          aria-label={t('title')}
          data-testid="alarm-panel"
        >
          <header className="alarm-panel-header">
            <Typography.Text strong>{t('title')}</Typography.Text>
            <Tooltip title={live ? t('live') : t('polling')}>
              <span
                className={live ? 'alarm-panel-conn live' : 'alarm-panel-conn'}
                data-testid="alarm-connection"
                data-state={feed.connection}
                role="img"
                aria-label={live ? t('live') : t('polling')}
              />
            </Tooltip>
            <span className="alarm-panel-spacer" />
            <Tooltip title={muted ? t('unmute') : t('mute')}>
              <Button
                type="text"
                size="small"
                icon={muted ? <MutedOutlined /> : <SoundOutlined />}
                aria-label={muted ? t('unmute') : t('mute')}
                aria-pressed={muted}
                data-testid="alarm-mute"
                data-muted={muted}
                onClick={() => setMuted(!muted)}
              />
            </Tooltip>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('close')}
              onClick={() => setOpen(false)}
            />
          </header>
          {feed.held > 0 ? (
            <div className="alarm-panel-held" role="status" data-testid="alarm-held">
              <span>{t('held', { count: feed.held })}</span>
              <Button type="link" size="small" onClick={openHistory} data-testid="alarm-held-history">
                {t('heldHistory')}
              </Button>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('heldDismiss')}
                onClick={feed.clearHeld}
                data-testid="alarm-held-dismiss"
              />
            </div>
          ) : null}
          <div className="alarm-panel-list">
            {feed.alarms.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={feed.failed ? t('loadFailed') : t('empty')}
              />
            ) : (
              <ul>
                {feed.alarms.map((alarm, index) => (
                  <AlarmPanelItem
                    key={alarm.id}
                    alarm={alarm}
                    container={container}
                    onHandled={feed.markHandled}
                    onConflict={feed.replace}
                    onOpen={() => setDetail({ ids: feed.alarms.map((a) => a.id), index })}
                  />
                ))}
              </ul>
            )}
          </div>
        </section>
      ) : null}
      {detail ? (
        <Suspense fallback={null}>
          <AlarmDetailDialog
            ids={detail.ids}
            index={detail.index}
            onClose={() => setDetail(null)}
            extra={(alarm) => <SceneOnDuty sceneId={alarm.sceneId} />}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
