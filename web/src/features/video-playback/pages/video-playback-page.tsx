import type { CameraVideoClip, CameraVideoPathQuery } from '@sentinel/contract';
import { Alert, Card, Col, Empty, Row } from 'antd';
import { useState } from 'react';
import { tr, useTranslation } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { PageError } from '../../../shared/ui/page-states.tsx';
import { useCameraClips } from '../api/camera-clips.ts';
import { ClipPlayer } from '../components/clip-player.tsx';
import { ClipTable } from '../components/clip-table.tsx';
import { PlaybackFilterBar } from '../components/playback-filters.tsx';
import {
  clipKey,
  type PlaybackFilterValues,
  playbackQuery,
  sameQuery,
  selectedClip,
} from '../lib/playback-query.ts';

/**
 * /historyRecords/videoPlayback: pick a camera and a time range, list the camera's recorded clips
 * (getCameraVideoPath, newest first) and play one with the playback rates.
 */
export default function VideoPlaybackPage() {
  const { t } = useTranslation('videoPlayback');
  const [query, setQuery] = useState<CameraVideoPathQuery | null>(null);
  const [playingKey, setPlayingKey] = useState<string | null>(null);
  const clips = useCameraClips(query);
  const list = clips.data?.list ?? [];
  const playing = selectedClip(list, playingKey);

  function search(values: PlaybackFilterValues) {
    const next = playbackQuery(values);
    if (!next) {
      toast.warning(t('selectCamera'));
      return;
    }
    if (next.cameraId !== query?.cameraId) setPlayingKey(null);
    // The same search again asks the server again (new clips may have arrived).
    if (sameQuery(next, query)) void clips.refetch();
    else setQuery(next);
  }

  function reset() {
    setQuery(null);
    setPlayingKey(null);
  }

  return (
    <Card variant="borderless" data-testid="video-playback-page">
      <PlaybackFilterBar onSearch={search} onReset={reset} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={11}>
          <ClipList
            query={query}
            clips={list}
            state={clips}
            playingKey={playingKey}
            onPlay={(clip: CameraVideoClip) => setPlayingKey(clipKey(clip))}
          />
        </Col>
        <Col xs={24} xl={13}>
          <ClipPlayer clip={playing} />
        </Col>
      </Row>
    </Card>
  );
}

interface ClipListProps {
  query: CameraVideoPathQuery | null;
  clips: CameraVideoClip[];
  state: ReturnType<typeof useCameraClips>;
  playingKey: string | null;
  onPlay: (clip: CameraVideoClip) => void;
}

/** The hint without a camera, the error, '此相机下暂无视频!', or the clips. */
function ClipList({ query, clips, state, playingKey, onPlay }: ClipListProps) {
  const { t } = useTranslation('videoPlayback');
  if (!query) {
    return (
      <Empty description={t('selectCamera')} data-testid="playback-select-camera" style={{ padding: 48 }} />
    );
  }
  if (state.isError && !state.data) {
    return <PageError message={state.error.message} onRetry={() => state.refetch()} />;
  }
  if (state.data && clips.length === 0 && !state.isFetching) {
    return (
      <div role="status">
        <Empty description={tr('camera.noVideo')} data-testid="playback-no-video" style={{ padding: 48 }} />
      </div>
    );
  }
  return (
    <>
      {state.data?.truncated ? (
        <Alert
          type="info"
          showIcon
          title={t('truncated', { count: clips.length })}
          style={{ marginBottom: 8 }}
          data-testid="playback-truncated"
        />
      ) : null}
      <ClipTable clips={clips} loading={state.isFetching} playingKey={playingKey} onPlay={onPlay} />
    </>
  );
}
