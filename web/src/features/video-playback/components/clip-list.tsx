import type { CameraVideoClip, CameraVideoPathResult } from '@sentinel/contract';
import { Alert, Empty } from 'antd';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { ClipTable } from './clip-table.tsx';

export interface ClipListProps {
  /** A camera was chosen and searched for. */
  asked: boolean;
  result: CameraVideoPathResult | undefined;
  fetching: boolean;
  /** The failed request's message (shown while there is no earlier answer). */
  error: string | null;
  onRetry: () => void;
  playingKey: string | null;
  onPlay: (clip: CameraVideoClip) => void;
}

/**
 * The hint without a camera, the error, '此相机下暂无视频!', or the clips; a warning when the media
 * server's recordings could not be listed (the alarm clips still are).
 */
export function ClipList({ asked, result, fetching, error, onRetry, playingKey, onPlay }: ClipListProps) {
  const { t } = useTranslation('videoPlayback');
  if (!asked) {
    return (
      <Empty description={t('selectCamera')} data-testid="playback-select-camera" style={{ padding: 48 }} />
    );
  }
  if (error !== null && !result) return <PageError message={error} onRetry={onRetry} />;
  const clips = result?.list ?? [];
  const unavailable = result?.recordingsUnavailable ? (
    <Alert
      type="warning"
      showIcon
      title={t('recordingsUnavailable')}
      style={{ marginBottom: 8 }}
      data-testid="playback-recordings-unavailable"
    />
  ) : null;
  if (result && clips.length === 0 && !fetching) {
    return (
      <>
        {unavailable}
        <div role="status">
          <Empty description={tr('camera.noVideo')} data-testid="playback-no-video" style={{ padding: 48 }} />
        </div>
      </>
    );
  }
  return (
    <>
      {unavailable}
      {result?.truncated ? (
        <Alert
          type="info"
          showIcon
          title={t('truncated', { count: clips.length })}
          style={{ marginBottom: 8 }}
          data-testid="playback-truncated"
        />
      ) : null}
      <ClipTable clips={clips} loading={fetching} playingKey={playingKey} onPlay={onPlay} />
    </>
  );
}
