import type { PlayableAddress } from './address-source.ts';
import { withStreamToken } from './stream-token.ts';

/** A decoder attached to the <video>; `release` destroys it and frees its socket and media source. */
export interface Decoder {
  release(): void;
}

export interface DecoderOptions {
  live: boolean;
  hasAudio: boolean;
}

export interface DecoderCallbacks {
  /** The stream dropped or the decoder gave up (the player reconnects). */
  onFailure(detail: string): void;
  /**
   * New media arrived from the stream, expected again within about `cadenceMs` (HLS: a fragment
   * of that length). Decoders that report it let the player call a live stream stale when the
   * source stops, before the buffered frames run out (freshness.ts).
   */
  onData?(cadenceMs: number): void;
}

export type AttachDecoder = (
  video: HTMLVideoElement,
  address: PlayableAddress,
  options: DecoderOptions,
  callbacks: DecoderCallbacks,
) => Promise<Decoder>;

/** Empty the element so the browser drops its media source and connection. */
export function clearMediaElement(video: HTMLVideoElement) {
  if (!video.hasAttribute('src') && !video.currentSrc && !video.srcObject) return;
  video.removeAttribute('src');
  video.srcObject = null;
  try {
    video.load();
  } catch {
    // jsdom has no media pipeline; a real browser never throws here.
  }
}

function attachNative(video: HTMLVideoElement, url: string): Decoder {
  video.src = url;
  return { release: () => clearMediaElement(video) };
}

/** WS-FLV and HTTP-FLV through mpegts.js (loaded on first use, not with the page). */
async function attachFlv(
  video: HTMLVideoElement,
  address: PlayableAddress,
  { live, hasAudio }: DecoderOptions,
  callbacks: DecoderCallbacks,
): Promise<Decoder> {
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) throw new Error('Media Source Extensions are not available');
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: live, url: address.url, hasAudio, hasVideo: true },
    {
      isLive: live,
      enableWorker: false,
      enableStashBuffer: !live,
      lazyLoad: !live,
      liveBufferLatencyChasing: live,
      autoCleanupSourceBuffer: true,
    },
  );
  const onError = (type: string, detail: string) => callbacks.onFailure(`${type} ${detail}`);
  // A live stream that completes has been dropped by the server: reconnect.
  const onComplete = () => callbacks.onFailure('stream ended');
  player.on(mpegts.Events.ERROR, onError);
  if (live) player.on(mpegts.Events.LOADING_COMPLETE, onComplete);
  player.attachMediaElement(video);
  player.load();
  return {
    release() {
      player.off(mpegts.Events.ERROR, onError);
      player.off(mpegts.Events.LOADING_COMPLETE, onComplete);
      try {
        player.pause();
        player.unload();
        player.detachMediaElement();
      } finally {
        player.destroy();
        clearMediaElement(video);
      }
    },
  };
}

/**
 * HLS: hls.js (loaded on first use) wherever Media Source Extensions exist, else the browser's own
 * player (iOS Safari). hls.js first: recent Chromium answers canPlayType for HLS too, but its own
 * player did not start nginx-rtmp's live playlists here (e2e/media-server.spec.ts).
 */
async function attachHls(
  video: HTMLVideoElement,
  address: PlayableAddress,
  { live }: DecoderOptions,
  callbacks: DecoderCallbacks,
): Promise<Decoder> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) return attachNative(video, address.url);
  const hls = new Hls({
    lowLatencyMode: live,
    backBufferLength: live ? 10 : 30,
    // Fragments carry the playlist's token, so the media server can check them too (stream-token.ts).
    xhrSetup: (xhr, url) => {
      const signed = withStreamToken(url, address.url);
      if (signed !== url) xhr.open('GET', signed, true);
    },
  });
  // New media arrived: a live playlist's fragments come every target duration.
  hls.on(Hls.Events.FRAG_BUFFERED, (_event, data) => {
    callbacks.onData?.(Math.max(0, data.frag.duration) * 1000);
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) callbacks.onFailure(`${data.type} ${data.details}`);
  });
  hls.loadSource(address.url);
  hls.attachMedia(video);
  return {
    release() {
      try {
        hls.destroy();
      } finally {
        clearMediaElement(video);
      }
    },
  };
}

/** Picks the decoder for the address's kind (SPEC §2's three source kinds, ARCHITECTURE's libraries). */
export const attachDecoder: AttachDecoder = async (video, address, options, callbacks) => {
  switch (address.kind) {
    case 'ws-flv':
    case 'http-flv':
      return attachFlv(video, address, options, callbacks);
    case 'hls':
      return attachHls(video, address, options, callbacks);
    case 'mp4':
      return attachNative(video, address.url);
  }
};
