import {
  encodeFlvTag,
  encodeOnMetaData,
  FLV_TAG_SCRIPT,
  FLV_TAG_VIDEO,
  type FlvClip,
  flvHeader,
} from './flv.ts';

/**
 * Plays one clip to one client as a live FLV stream, looping forever in real time.
 *
 * The client first gets the FLV header, an onMetaData tag (the clip's picture size and frame
 * rate, no duration: it is live) and the AVC sequence header, all at timestamp 0, then the
 * clip's frames from its first keyframe. A timer sends whatever is due each tick; frame
 * timestamps are rewritten to the stream's own time line, `loop × loopMs + (t − t₀)`, so they keep
 * increasing across loops. When the client's send buffer is above `maxBufferedBytes`, due frames
 * are dropped until the next keyframe that finds the buffer below the limit again (the decoder
 * can resume there), instead of queueing without bound.
 */
export interface LooperOptions {
  clip: FlvClip;
  /** Sends bytes to the client (one call per tick with everything that was due). */
  write: (chunk: Buffer) => void;
  /** Bytes accepted by `write` but not yet sent (ws bufferedAmount, http writableLength). */
  bufferedBytes: () => number;
  /** Above this, frames are skipped up to the next keyframe. Default 512 KiB. */
  maxBufferedBytes?: number;
  /** Monotonic milliseconds. Default performance.now(). */
  now?: () => number;
  /** Timer period. Default 20 ms. */
  tickMs?: number;
}

export interface Looper {
  /** Frames skipped because the client was slow. */
  readonly skippedFrames: number;
  readonly stopped: boolean;
  /** Stops the timer; nothing is written afterwards. Idempotent. */
  stop(): void;
}

export const DEFAULT_MAX_BUFFERED_BYTES = 512 * 1024;
export const DEFAULT_TICK_MS = 20;

/** The onMetaData a live stream of `clip` announces. */
export function liveMetadata(clip: FlvClip): Buffer {
  const { width, height } = clip.metadata;
  const values: Record<string, number | boolean | string> = {};
  if (typeof width === 'number') values.width = width;
  if (typeof height === 'number') values.height = height;
  values.framerate = Math.round(1000 / clip.frameIntervalMs);
  values.videocodecid = 7;
  values.hasVideo = true;
  values.hasAudio = false;
  return encodeOnMetaData(values);
}

/** Header, metadata and sequence header: what a client needs before the first keyframe. */
export function streamPreamble(clip: FlvClip): Buffer {
  return Buffer.concat([
    flvHeader(),
    encodeFlvTag(FLV_TAG_SCRIPT, 0, liveMetadata(clip)),
    encodeFlvTag(FLV_TAG_VIDEO, 0, clip.sequenceHeader),
  ]);
}

/** Starts playing at once: the preamble and the first keyframe are written synchronously. */
export function startLooper(options: LooperOptions): Looper {
  const { clip, write, bufferedBytes } = options;
  const maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const now = options.now ?? (() => performance.now());
  const frames = clip.frames;
  const firstTimestamp = frames[0]?.timestamp ?? 0;
  const startedAt = now();

  let index = 0;
  let loop = 0;
  let skipping = false;
  let skippedFrames = 0;
  let stopped = false;

  const streamTime = (i: number) => loop * clip.loopMs + ((frames[i]?.timestamp ?? 0) - firstTimestamp);

  const tick = () => {
    if (stopped) return;
    const elapsed = now() - startedAt;
    const due: Buffer[] = [];
    let pending = bufferedBytes();
    while (!stopped) {
      const frame = frames[index];
      if (!frame) break;
      const at = streamTime(index);
      if (at > elapsed) break;
      const slow = pending > maxBuffered;
      if (slow || (skipping && !frame.keyframe)) {
        skipping = true;
        skippedFrames++;
      } else {
        skipping = false;
        const tag = encodeFlvTag(FLV_TAG_VIDEO, at, frame.data);
        due.push(tag);
        pending += tag.length;
      }
      index++;
      if (index >= frames.length) {
        index = 0;
        loop++;
      }
    }
    if (due.length > 0 && !stopped) write(due.length === 1 ? (due[0] as Buffer) : Buffer.concat(due));
  };

  write(streamPreamble(clip));
  tick();
  const timer = setInterval(tick, options.tickMs ?? DEFAULT_TICK_MS);

  return {
    get skippedFrames() {
      return skippedFrames;
    },
    get stopped() {
      return stopped;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
    },
  };
}
