import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FLV_TAG_SCRIPT,
  FLV_TAG_VIDEO,
  type FlvClip,
  type FlvTag,
  parseOnMetaData,
  readFlvTags,
} from './flv.ts';
import { startLooper } from './looper.ts';

const frame = (timestamp: number, keyframe: boolean) => ({
  timestamp,
  keyframe,
  data: Buffer.from([(keyframe ? 0x10 : 0x20) | 7, 1, 0, 0, 0, timestamp & 0xff]),
});

/** 25 fps, a keyframe every 5 frames, 10 frames: one loop is 400 ms. The file starts at 1000 ms. */
const clip: FlvClip = {
  metadata: { width: 640, height: 360, duration: 0.4 },
  sequenceHeader: Buffer.from([0x17, 0, 0, 0, 0, 1, 2, 3]),
  frames: Array.from({ length: 10 }, (_, i) => frame(1000 + i * 40, i % 5 === 0)),
  frameIntervalMs: 40,
  loopMs: 400,
};

function client(options: { buffered?: () => number } = {}) {
  const chunks: Buffer[] = [];
  const looper = startLooper({
    clip,
    write: (chunk) => chunks.push(chunk),
    bufferedBytes: options.buffered ?? (() => 0),
    maxBufferedBytes: 1000,
    now: () => Date.now(),
    tickMs: 10,
  });
  const bytes = () => Buffer.concat(chunks);
  /** The tags received so far (the stream parsed as an FLV file, PreviousTagSize checked). */
  const tags = (): FlvTag[] => readFlvTags(bytes());
  const videoTimestamps = () =>
    tags()
      .filter((t) => t.type === FLV_TAG_VIDEO && t.data[1] === 1)
      .map((t) => t.timestamp);
  return { looper, chunks, bytes, tags, videoTimestamps };
}

describe('demo stream looper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the FLV header, live metadata, the sequence header and the first keyframe', () => {
    const c = client();
    const bytes = c.bytes();
    expect(bytes.toString('latin1', 0, 3)).toBe('FLV');
    const tags = c.tags();
    expect(tags[0]?.type).toBe(FLV_TAG_SCRIPT);
    const metadata = parseOnMetaData(tags[0]?.data ?? Buffer.alloc(0));
    expect(metadata).toMatchObject({
      width: 640,
      height: 360,
      framerate: 25,
      videocodecid: 7,
      hasAudio: false,
    });
    expect(metadata).not.toHaveProperty('duration');
    expect(tags[1]).toEqual({ type: FLV_TAG_VIDEO, timestamp: 0, data: clip.sequenceHeader });
    expect(tags[2]).toMatchObject({ type: FLV_TAG_VIDEO, timestamp: 0 });
    expect((tags[2]?.data[0] ?? 0) >> 4).toBe(1);
    expect(tags).toHaveLength(3);
    c.looper.stop();
  });

  it('paces frames in real time and keeps timestamps increasing across loops', () => {
    const c = client();
    vi.advanceTimersByTime(100);
    expect(c.videoTimestamps()).toEqual([0, 40, 80]);
    vi.advanceTimersByTime(900); // two and a half loops in all
    const stamps = c.videoTimestamps();
    expect(stamps).toEqual(Array.from({ length: 26 }, (_, i) => i * 40));
    // The second loop starts with the clip's first keyframe, one frame after the last one.
    const tags = c.tags().filter((t) => t.type === FLV_TAG_VIDEO && t.data[1] === 1);
    expect(tags[10]?.data).toEqual(clip.frames[0]?.data);
    expect(tags[20]?.data).toEqual(clip.frames[0]?.data);
    c.looper.stop();
  });

  it('sends nothing after stop and releases its timer', () => {
    const c = client();
    vi.advanceTimersByTime(50);
    const before = c.chunks.length;
    c.looper.stop();
    c.looper.stop();
    expect(c.looper.stopped).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(c.chunks.length).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('skips to the next keyframe while the client is slow instead of buffering', () => {
    let buffered = 0;
    const c = client({ buffered: () => buffered });
    vi.advanceTimersByTime(45); // frames 0 and 40 sent
    buffered = 5000; // the client stops reading
    vi.advanceTimersByTime(100); // 80, 120, 160 skipped
    expect(c.videoTimestamps()).toEqual([0, 40]);
    buffered = 0; // it catches up: the next frame (200 ms, frame 5) is a keyframe
    vi.advanceTimersByTime(100);
    expect(c.videoTimestamps()).toEqual([0, 40, 200, 240]);
    expect(c.looper.skippedFrames).toBe(3);

    buffered = 5000;
    vi.advanceTimersByTime(40); // 280 skipped
    buffered = 0;
    vi.advanceTimersByTime(120); // 320, 360 are inter frames: still skipped; 400 is a keyframe
    expect(c.videoTimestamps()).toEqual([0, 40, 200, 240, 400]);
    expect(c.looper.skippedFrames).toBe(6);
    c.looper.stop();
  });
});
