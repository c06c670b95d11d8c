import { PlayCircleOutlined } from '@ant-design/icons';
import type { OfflineAnalysisEvent } from '@sentinel/contract';
import { Button, Empty, Flex, Image, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatOffset } from '../lib/format.ts';

/**
 * The events found in the video: image (click to enlarge), algorithm, time in the video (mm:ss)
 * and the engine's result. None yet while the job runs (its progress), "No events found" after.
 */
export function EventList({
  events,
  active,
  progress,
  onSeek,
}: {
  events: OfflineAnalysisEvent[];
  /** Plays the video from an event's time (file sources only). */
  onSeek?: (seconds: number) => void;
  /** Waiting or analyzing. */
  active: boolean;
  progress: number;
}) {
  const { t } = useTranslation('offlineVideo');
  if (events.length === 0) {
    return active ? (
      <div data-testid="offline-events-pending" style={{ padding: '16px 0' }}>
        <Progress percent={progress} status="active" />
        <Typography.Text type="secondary">{t('results.pending')}</Typography.Text>
      </div>
    ) : (
      <Empty description={t('results.noEvents')} data-testid="offline-events-empty" />
    );
  }
  return (
    <List<OfflineAnalysisEvent>
      dataSource={events}
      rowKey="id"
      data-testid="offline-events"
      renderItem={(event) => (
        <List.Item data-testid="offline-event" data-event-id={event.id}>
          <Flex gap={12} align="flex-start" style={{ width: '100%' }}>
            <Image
              src={event.imageUrl}
              alt={t('results.image')}
              width={128}
              height={72}
              style={{ objectFit: 'cover', background: 'rgba(0, 0, 0, 0.04)' }}
              data-testid="offline-event-image"
            />
            <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Flex gap={8} align="center" wrap>
                <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="offline-event-algorithm">
                  {event.algorithmName || '—'}
                </Tag>
                {onSeek ? (
                  <Button
                    size="small"
                    icon={<PlayCircleOutlined />}
                    aria-label={t('results.playFrom', { time: formatOffset(event.offsetSeconds) })}
                    onClick={() => onSeek(event.offsetSeconds)}
                    data-testid="offline-event-time"
                  >
                    {formatOffset(event.offsetSeconds)}
                  </Button>
                ) : (
                  <Typography.Text
                    code
                    aria-label={`${t('results.time')} ${formatOffset(event.offsetSeconds)}`}
                    data-testid="offline-event-time"
                  >
                    {formatOffset(event.offsetSeconds)}
                  </Typography.Text>
                )}
              </Flex>
              <Typography.Paragraph
                style={{ marginBottom: 0 }}
                ellipsis={{ rows: 3, tooltip: event.result }}
                data-testid="offline-event-result"
              >
                {event.result || '—'}
              </Typography.Paragraph>
            </Flex>
          </Flex>
        </List.Item>
      )}
    />
  );
}
