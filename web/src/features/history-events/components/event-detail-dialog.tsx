import type { EventItem } from '@sentinel/contract';
import { Button, Descriptions, Modal, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ImageViewer } from '@/shared/ui/image-viewer/index.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useEvent } from '../api/event-list.ts';

/**
 * An event's full-size image (the shared viewer: zoom, rotate) and its details, with
 * previous/next through the rows of the current page.
 */
export function EventDetailDialog({
  rows,
  index,
  onIndex,
  onClose,
}: {
  rows: EventItem[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('historyEvents');
  const { t: tc } = useTranslation();
  const row = rows[index];
  const detail = useEvent(row?.id ?? 0, row as EventItem);
  const event = detail.data ?? row;
  if (!event) return null;
  const extra = Object.entries(event.extraInfo);
  return (
    <Modal
      open
      width={880}
      title={t('detailTitle', { id: event.id })}
      onCancel={onClose}
      footer={
        <Space>
          <Button disabled={index <= 0} onClick={() => onIndex(index - 1)} data-testid="event-prev">
            {tc('alarm.prev')}
          </Button>
          <Button
            disabled={index >= rows.length - 1}
            onClick={() => onIndex(index + 1)}
            data-testid="event-next"
          >
            {tc('alarm.next')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('close')}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <div data-testid="event-detail">
        <ImageViewer images={[{ src: event.eventImg, title: event.eventName }]} width="100%" height={420} />
        <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginTop: 16 }} bordered>
          <Descriptions.Item label={t('column.name')}>{event.eventName}</Descriptions.Item>
          <Descriptions.Item label={t('column.time')}>{formatTime(event.eventTime)}</Descriptions.Item>
          <Descriptions.Item label={t('column.scene')}>{event.sceneName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('column.camera')}>{event.cameraName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('column.job')}>
            {event.historyAssignmentId === null ? (
              '—'
            ) : (
              <Link to={`/historyRecords/taskDetails/${event.historyAssignmentId}`} onClick={onClose}>
                #{event.historyAssignmentId}
              </Link>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.extra')}>
            {extra.length === 0
              ? '—'
              : extra.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('; ')}
          </Descriptions.Item>
        </Descriptions>
      </div>
    </Modal>
  );
}
