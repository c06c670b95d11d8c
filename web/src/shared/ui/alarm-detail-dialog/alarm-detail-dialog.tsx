import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { AlarmDetail } from '@sentinel/contract';
import { Button, Flex, Modal, Spin, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ImageViewer } from '../image-viewer/index.ts';
import { PageError } from '../page-states.tsx';
import { AlarmActionButtons } from './alarm-action-buttons.tsx';
import { useAlarmDetail } from './alarm-api.ts';
import { AlarmFields } from './alarm-fields.tsx';
import type { AlarmDialogMode } from './alarm-rules.ts';
import { AlarmTimeline } from './alarm-timeline.tsx';

export interface AlarmDetailDialogProps {
  /** The alarm ids to step through (e.g. the current table page); `index` is the one shown first. */
  ids: number[];
  index: number;
  onClose: () => void;
  /** Approval buttons appear only in 'approval' (SPEC §4). */
  mode?: AlarmDialogMode;
  /** A feature's line under the fields (the duty roster: who is on duty for the alarm's scene). */
  extra?: (alarm: AlarmDetail) => ReactNode;
}

/** Alarm detail with previous/next (buttons and ←/→), images, clip, fields, timeline and actions. */
export function AlarmDetailDialog({ ids, index, onClose, mode = 'normal', extra }: AlarmDetailDialogProps) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(index);
  useEffect(() => setPosition(index), [index]);
  const id = ids[position];
  const detail = useAlarmDetail(id);
  const hasPrev = position > 0;
  const hasNext = position < ids.length - 1;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT')) return;
      if (event.key === 'ArrowLeft' && position > 0) setPosition(position - 1);
      if (event.key === 'ArrowRight' && position < ids.length - 1) setPosition(position + 1);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [position, ids.length]);

  const alarm = detail.data;
  return (
    <Modal
      open
      width={960}
      title={t('alarm.detailTitle', { id: id ?? '' })}
      onCancel={onClose}
      data-testid="alarm-detail"
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Flex gap={8} align="center">
            <Button
              icon={<LeftOutlined />}
              disabled={!hasPrev}
              onClick={() => setPosition(position - 1)}
              data-testid="alarm-prev"
            >
              {t('alarm.prev')}
            </Button>
            <Typography.Text type="secondary" data-testid="alarm-position">
              {position + 1} / {ids.length}
            </Typography.Text>
            <Button disabled={!hasNext} onClick={() => setPosition(position + 1)} data-testid="alarm-next">
              {t('alarm.next')} <RightOutlined />
            </Button>
          </Flex>
          <Flex gap={8}>
            {alarm ? <AlarmActionButtons alarm={alarm} mode={mode} size="middle" link={false} /> : null}
            <Button onClick={onClose}>{t('close')}</Button>
          </Flex>
        </Flex>
      }
    >
      {detail.isError ? (
        <PageError message={detail.error.message} onRetry={() => detail.refetch()} />
      ) : !alarm ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16} data-testid={`alarm-detail-${alarm.id}`}>
          <Tabs
            items={[
              {
                key: 'images',
                label: t('alarm.images'),
                children: (
                  <ImageViewer
                    images={[
                      { src: alarm.alarmImageDraw, title: t('alarm.imageDraw') },
                      { src: alarm.alarmImage, title: t('alarm.imageOriginal') },
                    ]}
                  />
                ),
              },
              ...(alarm.alarmVideo
                ? [
                    {
                      key: 'video',
                      label: t('alarm.video'),
                      children: (
                        // biome-ignore lint/a11y/useMediaCaption: engine clips carry no captions
                        <video
                          controls
                          src={alarm.alarmVideo}
                          style={{ width: '100%', maxHeight: 360 }}
                          data-testid="alarm-video"
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <AlarmFields alarm={alarm} />
          {extra?.(alarm)}
          <div>
            <Typography.Title level={5}>{t('alarm.timelineTitle')}</Typography.Title>
            <AlarmTimeline items={alarm.timeline} />
          </div>
        </Flex>
      )}
    </Modal>
  );
}
