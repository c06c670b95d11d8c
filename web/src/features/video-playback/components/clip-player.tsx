import { type CameraVideoClip, clipStartTime } from '@sentinel/contract';
import { Empty, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { VideoPlayer } from '@/shared/ui/video-player/index.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { formatDuration } from '../lib/playback-query.ts';

/** The chosen clip in the shared player (recorded media: rates 0.7, 1, 1.5, 2), or a hint. */
export function ClipPlayer({ clip }: { clip: CameraVideoClip | null }) {
  const { t } = useTranslation('videoPlayback');
  const title = (c: CameraVideoClip) => {
    const time = formatTime(clipStartTime(c));
    return c.source === 'alarm'
      ? t('nowPlaying', { time, type: c.videoAlarmTypeName || '—' })
      : t('nowPlayingRecording', { time, duration: formatDuration(c.durationSeconds) });
  };
  return (
    <section aria-label={t('player')} data-testid="playback-player">
      {clip ? (
        <>
          <Typography.Text strong aria-live="polite" data-testid="playback-now-playing">
            {title(clip)}
          </Typography.Text>
          <VideoPlayer
            key={`${clip.source}-${clip.id}`}
            source={clip.url}
            kind={clip.kind}
            live={false}
            style={{ marginTop: 8 }}
          />
        </>
      ) : (
        <div
          style={{
            aspectRatio: '6 / 3',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'rgba(0, 0, 0, 0.04)',
          }}
        >
          <Empty description={t('chooseClip')} data-testid="playback-choose-clip" />
        </div>
      )}
    </section>
  );
}
