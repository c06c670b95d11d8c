import type { CameraVideoClip, CameraVideoPathQuery } from '@sentinel/contract';
import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useCameraClips } from '../api/camera-clips.ts';
import { ClipList } from '../components/clip-list.tsx';
import { ClipPlayer } from '../components/clip-player.tsx';
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
            asked={query !== null}
            result={clips.data}
            fetching={clips.isFetching}
            error={clips.isError ? clips.error.message : null}
            onRetry={() => void clips.refetch()}
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
