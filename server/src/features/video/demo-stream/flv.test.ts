import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoClipPath } from './clip-files.ts';
import { DEMO_CLIPS } from './clips.ts';
import {
  encodeFlvTag,
  encodeOnMetaData,
  FLV_TAG_SCRIPT,
  FLV_TAG_VIDEO,
  FlvFormatError,
  flvHeader,
  isKeyframeData,
  parseFlvClip,
  parseOnMetaData,
  readFlvTags,
} from './flv.ts';

/** Video tag data: frame type/codec byte, AVC packet type, composition time 0, payload. */
const avc = (keyframe: boolean, packetType: number, payload: string) =>
  Buffer.concat([Buffer.from([(keyframe ? 0x10 : 0x20) | 7, packetType, 0, 0, 0]), Buffer.from(payload)]);

function syntheticFile(): Buffer {
  return Buffer.concat([
    flvHeader(),
    encodeFlvTag(
      FLV_TAG_SCRIPT,
      0,
      encodeOnMetaData({ width: 640, height: 360, framerate: 25, stereo: false, encoder: 'x' }),
    ),
    encodeFlvTag(FLV_TAG_VIDEO, 0, avc(true, 0, 'config')),
    encodeFlvTag(FLV_TAG_VIDEO, 0, avc(false, 1, 'lead-in inter frame')),
    encodeFlvTag(FLV_TAG_VIDEO, 40, avc(true, 1, 'k1')),
    encodeFlvTag(FLV_TAG_VIDEO, 80, avc(false, 1, 'p1')),
    encodeFlvTag(FLV_TAG_VIDEO, 120, avc(false, 1, 'p2')),
    encodeFlvTag(FLV_TAG_VIDEO, 160, avc(true, 1, 'k2')),
  ]);
}

describe('FLV reader', () => {
  it('reads metadata, the sequence header and the frames from the first keyframe', () => {
    const clip = parseFlvClip(syntheticFile());
    expect(clip.metadata).toEqual({ width: 640, height: 360, framerate: 25, stereo: false, encoder: 'x' });
    expect(clip.sequenceHeader.subarray(5).toString()).toBe('config');
    expect(clip.frames.map((f) => [f.timestamp, f.keyframe, f.data.subarray(5).toString()])).toEqual([
      [40, true, 'k1'],
      [80, false, 'p1'],
      [120, false, 'p2'],
      [160, true, 'k2'],
    ]);
    expect(clip.frameIntervalMs).toBe(40);
    expect(clip.loopMs).toBe(160);
  });

  it('writes tags that read back, with extended timestamps and PreviousTagSize', () => {
    const data = avc(true, 1, 'frame');
    const tag = encodeFlvTag(FLV_TAG_VIDEO, 0x12345678, data);
    expect(tag.length).toBe(11 + data.length + 4);
    expect(tag.readUInt32BE(11 + data.length)).toBe(11 + data.length);
    const [read] = readFlvTags(Buffer.concat([flvHeader(), tag]));
    expect(read).toEqual({ type: FLV_TAG_VIDEO, timestamp: 0x12345678, data });
    expect(isKeyframeData(data)).toBe(true);
    expect(isKeyframeData(avc(false, 1, 'x'))).toBe(false);
  });

  it('round-trips onMetaData', () => {
    const values = { width: 640, height: 360, hasAudio: false, note: '测试' };
    expect(parseOnMetaData(encodeOnMetaData(values))).toEqual(values);
  });

  it('refuses files that are not FLV, truncated or inconsistent', () => {
    expect(() => parseFlvClip(Buffer.from('not a video file at all'))).toThrow(FlvFormatError);
    const file = syntheticFile();
    expect(() => parseFlvClip(file.subarray(0, file.length - 3))).toThrow(/truncated/);
    const corrupt = Buffer.from(file);
    corrupt.writeUInt32BE(999, corrupt.length - 4);
    expect(() => parseFlvClip(corrupt)).toThrow(/PreviousTagSize/);
    const noConfig = Buffer.concat([flvHeader(), encodeFlvTag(FLV_TAG_VIDEO, 0, avc(true, 1, 'k'))]);
    expect(() => parseFlvClip(noConfig)).toThrow(/sequence header/);
  });

  it.each(DEMO_CLIPS)(
    'parses the bundled clip %s: 640x360 H.264 at 25 fps, a keyframe each second, 10–12 s',
    (name) => {
      const file = readFileSync(demoClipPath(name));
      const clip = parseFlvClip(file);
      expect(clip.metadata.width).toBe(640);
      expect(clip.metadata.height).toBe(360);
      expect(clip.frameIntervalMs).toBe(40);
      expect(clip.loopMs).toBeGreaterThanOrEqual(10_000);
      expect(clip.loopMs).toBeLessThanOrEqual(12_000);
      expect(clip.frames[0]?.keyframe).toBe(true);
      const keyframes = clip.frames.filter((f) => f.keyframe).map((f) => f.timestamp);
      expect(keyframes.length).toBeGreaterThanOrEqual(10);
      for (let i = 1; i < keyframes.length; i++)
        expect((keyframes[i] ?? 0) - (keyframes[i - 1] ?? 0)).toBe(1000);
      expect(file.length).toBeLessThan(1024 * 1024);
    },
  );
});
