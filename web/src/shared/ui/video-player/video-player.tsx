import { ExclamationCircleOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import type { CameraStreamVariant } from '@sentinel/contract';
import { Button, Select, Spin } from 'antd';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '../feedback.ts';
import { cameraAddressSource, fetchStreamUrl, fixedAddressSource } from './address-source.ts';
import { attachDecoder } from './decoders.ts';
import { VIDEO_PLAYER_NS } from './locales.ts';
import { PLAYBACK_RATES, type PlaybackRate } from './playback-rates.ts';
import { PlayerController } from './player-controller.ts';
import {
  INITIAL_SNAPSHOT,
  type PlayerFailure,
  type PlayerSnapshot,
  type PlayerState,
} from './player-state.ts';
import {
  cameraIdOf,
  detectSourceKind,
  isLiveByDefault,
  playableAddress,
  type SourceKind,
} from './source-kind.ts';
import { usePlayerVisible } from './use-player-visible.ts';

export interface VideoPlayerProps {
  /** A camera id (live stream from the server), a ws(s):// stream address, or a file / url. */
  source: string | number;
  /** For a camera id: its main stream (default) or its low-resolution sub stream (wall cells). */
  stream?: CameraStreamVariant;
  /** Overrides the decoder chosen from the address. */
  kind?: SourceKind;
  /** Live streams have no playback rates; default: camera ids and FLV streams are live. */
  live?: boolean;
  /** Default true (browsers only autoplay muted video). */
  muted?: boolean;
  /** FLV streams are decoded without audio unless told. */
  hasAudio?: boolean;
  /** 'ratio' (default): a 6:3 box at full width; 'fill': fills its parent (video wall cells). */
  fit?: 'ratio' | 'fill';
  /** Show the server's "camera not found" message as a warning toast (once per source). Default true. */
  notifyNotFound?: boolean;
  onError?: (failure: PlayerFailure) => void;
  onStateChange?: (state: PlayerState) => void;
  /** Recorded media: jump to `seconds` (and play) each time a new object is passed. */
  seekTo?: { seconds: number };
  className?: string;
  style?: CSSProperties;
}

const overlay: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  padding: 12,
  color: 'rgba(255, 255, 255, 0.85)',
  textAlign: 'center',
  pointerEvents: 'none',
};

/** Over the last frame of a stream that stopped (the picture stays visible below it). */
const staleBanner: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
  padding: '4px 8px',
  background: 'rgba(0, 0, 0, 0.65)',
  color: '#ffd666',
  fontSize: 12,
  pointerEvents: 'none',
};

/** SPEC §2 video player: camera id, websocket stream or file / url, in a black 6:3 box. */
export function VideoPlayer({
  source,
  stream = 'main',
  kind,
  live,
  muted = true,
  hasAudio = false,
  fit = 'ratio',
  notifyNotFound = true,
  onError,
  onStateChange,
  seekTo,
  className,
  style,
}: VideoPlayerProps) {
  const { t } = useTranslation(VIDEO_PLAYER_NS);
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const controllerRef = useRef<PlayerController | null>(null);
  const [snapshot, setSnapshot] = useState<PlayerSnapshot>(INITIAL_SNAPSHOT);
  const [rate, setRate] = useState<PlaybackRate>(1);
  const visible = usePlayerVisible(rootRef);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const callbacks = useRef({ onError, onStateChange, notifyNotFound });
  callbacks.current = { onError, onStateChange, notifyNotFound };

  const cameraId = cameraIdOf(source);
  const resolvedKind: SourceKind = kind ?? (cameraId !== null ? 'ws-flv' : detectSourceKind(String(source)));
  const isLive = live ?? isLiveByDefault(source, resolvedKind);
  const sourceKey = `${cameraId ?? String(source)}|${stream}|${kind ?? ''}|${isLive}|${hasAudio}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sourceKey stands for source, stream, kind, live and hasAudio.
  const setup = useMemo(
    () => ({ cameraId, stream, source, kind: resolvedKind, live: isLive, hasAudio }),
    [sourceKey],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const addresses =
      setup.cameraId !== null
        ? cameraAddressSource(setup.cameraId, window.location, (id, signal) =>
            fetchStreamUrl(id, signal, setup.stream),
          )
        : fixedAddressSource({
            url: playableAddress(String(setup.source), setup.kind, window.location),
            kind: setup.kind,
          });
    let toasted = false;
    const controller = new PlayerController({
      video,
      source: addresses,
      attach: attachDecoder,
      live: setup.live,
      hasAudio: setup.hasAudio,
      onChange: setSnapshot,
      onNotFound: (message) => {
        if (toasted || !callbacks.current.notifyNotFound) return;
        toasted = true;
        toast.warning(message);
      },
    });
    controllerRef.current = controller;
    setSnapshot(controller.current);
    controller.setActive(visibleRef.current);
    return () => {
      controller.dispose();
      controllerRef.current = null;
    };
  }, [setup]);

  useEffect(() => {
    controllerRef.current?.setActive(visible);
  }, [visible]);

  useEffect(() => {
    callbacks.current.onStateChange?.(snapshot.state);
    if (snapshot.state === 'failed' && snapshot.failure) callbacks.current.onError?.(snapshot.failure);
  }, [snapshot]);

  // defaultPlaybackRate survives the element's reloads (reconnects); playbackRate applies now.
  const effectiveRate = setup.live ? 1 : rate;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = effectiveRate;
    video.playbackRate = effectiveRate;
  }, [effectiveRate]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !seekTo || setup.live) return;
    video.currentTime = seekTo.seconds;
    void video.play().catch(() => undefined);
  }, [seekTo, setup.live]);

  const failure = snapshot.state === 'failed' ? snapshot.failure : null;
  const failureText = !failure || failure.reason === 'unplayable' ? t('unplayable') : failure.message;

  return (
    <div
      ref={rootRef}
      className={className}
      data-testid="video-player"
      data-state={snapshot.state}
      data-stale={snapshot.stale ? 'true' : undefined}
      data-stream={setup.cameraId !== null ? setup.stream : undefined}
      style={{
        position: 'relative',
        width: '100%',
        background: '#000',
        overflow: 'hidden',
        ...(fit === 'ratio' ? { aspectRatio: '6 / 3' } : { height: '100%' }),
        ...style,
      }}
    >
      <video
        ref={videoRef}
        data-testid="video-player-video"
        muted={muted}
        autoPlay
        playsInline
        controls={!setup.live && snapshot.state === 'playing'}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
      {snapshot.state === 'loading' || snapshot.state === 'reconnecting' ? (
        <div style={overlay} data-testid="video-player-busy">
          <Spin />
          <span>
            {snapshot.state === 'loading' ? t('loading') : t('reconnecting', { attempt: snapshot.attempt })}
          </span>
        </div>
      ) : null}
      {snapshot.state === 'playing' && snapshot.stale ? (
        <div style={staleBanner} role="status" data-testid="video-player-stale">
          <WarningOutlined />
          <span>{t('stale')}</span>
        </div>
      ) : null}
      {failure ? (
        <div style={overlay} role="alert" data-testid="video-player-failed">
          <ExclamationCircleOutlined style={{ fontSize: 28, color: '#faad14' }} />
          <span data-testid="video-player-message">{failureText}</span>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            style={{ pointerEvents: 'auto' }}
            onClick={() => controllerRef.current?.retry()}
            data-testid="video-player-retry"
          >
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {!setup.live && snapshot.state === 'playing' ? (
        <Select<PlaybackRate>
          size="small"
          aria-label={t('rate')}
          value={rate}
          onChange={setRate}
          options={PLAYBACK_RATES.map((value) => ({ value, label: `${value}×` }))}
          style={{ position: 'absolute', top: 8, right: 8, width: 76 }}
          data-testid="video-player-rate"
        />
      ) : null}
    </div>
  );
}
