import { OFFLINE_STATE } from '@sentinel/contract';
import { Alert, Descriptions, Divider, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { VideoPlayer } from '@/shared/ui/video-player/index.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useAnalysis } from '../api/analysis-detail.ts';
import { isActive } from '../lib/analysis-state.ts';
import { playerKind } from '../lib/create-body.ts';
import { formatBytes, formatOffset } from '../lib/format.ts';
import { EventList } from './event-list.tsx';
import { StateCell } from './state-cell.tsx';

/** One analysis: its video (or URL), state, progress or error, and the events it found. */
export function ResultsDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('offlineVideo');
  const detail = useAnalysis(id);
  const item = detail.data;
  const [seekTo, setSeekTo] = useState<{ seconds: number }>();
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={item ? t('results.title', { name: item.name }) : t('view')}
      data-testid="offline-results"
    >
      {detail.isPending ? (
        <PageLoading />
      ) : detail.isError && !item ? (
        <PageError message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : item ? (
        <>
          <section aria-label={t('results.video')} data-testid="offline-results-video">
            {item.source === 'file' && item.videoUrl ? (
              <VideoPlayer
                key={item.id}
                source={item.videoUrl}
                kind={playerKind(item.format)}
                live={false}
                seekTo={seekTo}
              />
            ) : item.source === 'url' ? (
              <Typography.Text copyable data-testid="offline-results-url" style={{ wordBreak: 'break-all' }}>
                {item.sourceName}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('results.noVideo')}</Typography.Text>
            )}
          </section>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('column.state')}>
              <StateCell item={item} testId="offline-results" />
            </Descriptions.Item>
            <Descriptions.Item label={t('column.source')}>
              {item.source === 'file'
                ? [
                    item.sourceName,
                    formatBytes(item.size),
                    item.durationSeconds !== null ? formatOffset(item.durationSeconds) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : t('sourceKind.url')}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.algorithms')}>
              {item.algorithms.map((a) => a.name).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('results.engine')}>{item.engineName || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('results.startedAt')}>
              {formatTime(item.startedAt) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('results.finishedAt')}>
              {formatTime(item.finishedAt) || '—'}
            </Descriptions.Item>
          </Descriptions>
          {item.state === OFFLINE_STATE.failed ? (
            <Alert
              type="error"
              showIcon
              title={t('results.failed')}
              description={item.error || undefined}
              data-testid="offline-results-error"
            />
          ) : null}
          <Divider titlePlacement="start">{t('results.events', { count: item.events.length })}</Divider>
          <EventList
            events={item.events}
            active={isActive(item.state)}
            progress={item.progress}
            onSeek={item.source === 'file' && item.videoUrl ? (seconds) => setSeekTo({ seconds }) : undefined}
          />
        </>
      ) : null}
    </Drawer>
  );
}
