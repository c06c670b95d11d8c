/**
 * A minimal FLV reader and writer for the demo stream source: enough to read an H.264 clip made by
 * scripts/generate-demo-clips.sh (header, onMetaData, AVC sequence header, video tags) and to
 * write it back out as a live stream (FLV header, tags with their PreviousTagSize fields).
 *
 * FLV layout: a 9-byte header ('FLV', version 1, flags, header size), PreviousTagSize0 (0), then
 * tags: type (1 byte), data size (3), timestamp (3, low bits) + extended timestamp (1, high bits),
 * stream id (3, always 0), the data, and PreviousTagSize (4) = 11 + data size.
 */

export const FLV_TAG_AUDIO = 8;
export const FLV_TAG_VIDEO = 9;
export const FLV_TAG_SCRIPT = 18;

const CODEC_AVC = 7;
const FRAME_TYPE_KEY = 1;
const AVC_SEQUENCE_HEADER = 0;
const AVC_NALU = 1;

const TAG_HEADER_BYTES = 11;
const PREVIOUS_TAG_SIZE_BYTES = 4;

export interface FlvFrame {
  /** Milliseconds, as in the file. */
  timestamp: number;
  keyframe: boolean;
  /** The video tag's data (frame type/codec byte, AVC packet type, composition time, NALUs). */
  data: Buffer;
}

export interface FlvClip {
  /** onMetaData values that are numbers, booleans or strings (width, height, framerate…). */
  metadata: Record<string, number | boolean | string>;
  /** The data of the video tag with AVCPacketType 0 (the decoder configuration). */
  sequenceHeader: Buffer;
  /** Coded frames (AVCPacketType 1) in file order; the first one is a keyframe. */
  frames: FlvFrame[];
  /** Milliseconds between frames (from the timestamps; 40 at 25 fps). */
  frameIntervalMs: number;
  /** Milliseconds from the first frame to one frame after the last: where the next loop starts. */
  loopMs: number;
}

export class FlvFormatError extends Error {
  override name = 'FlvFormatError';
}

// ---------------------------------------------------------------------------------------------
// AMF0 (script data): only what onMetaData uses.

const AMF_NUMBER = 0;
const AMF_BOOLEAN = 1;
const AMF_STRING = 2;
const AMF_OBJECT = 3;
const AMF_NULL = 5;
const AMF_UNDEFINED = 6;
const AMF_ECMA_ARRAY = 8;
const AMF_OBJECT_END = 9;
const AMF_STRICT_ARRAY = 10;
const AMF_DATE = 11;
const AMF_LONG_STRING = 12;

type AmfValue = number | boolean | string | null | AmfValue[] | { [key: string]: AmfValue };

class AmfReader {
  offset = 0;
  constructor(private readonly buf: Buffer) {}

  private need(bytes: number) {
    if (this.offset + bytes > this.buf.length) throw new FlvFormatError('truncated script data');
  }

  private shortString(): string {
    this.need(2);
    const length = this.buf.readUInt16BE(this.offset);
    this.need(2 + length);
    const value = this.buf.toString('utf8', this.offset + 2, this.offset + 2 + length);
    this.offset += 2 + length;
    return value;
  }

  private properties(): Record<string, AmfValue> {
    const result: Record<string, AmfValue> = {};
    for (;;) {
      const key = this.shortString();
      this.need(1);
      if (key === '' && this.buf[this.offset] === AMF_OBJECT_END) {
        this.offset += 1;
        return result;
      }
      result[key] = this.value();
    }
  }

  value(): AmfValue {
    this.need(1);
    const type = this.buf[this.offset++];
    switch (type) {
      case AMF_NUMBER: {
        this.need(8);
        const n = this.buf.readDoubleBE(this.offset);
        this.offset += 8;
        return n;
      }
      case AMF_BOOLEAN:
        this.need(1);
        return this.buf[this.offset++] !== 0;
      case AMF_STRING:
        return this.shortString();
      case AMF_LONG_STRING: {
        this.need(4);
        const length = this.buf.readUInt32BE(this.offset);
        this.need(4 + length);
        const value = this.buf.toString('utf8', this.offset + 4, this.offset + 4 + length);
        this.offset += 4 + length;
        return value;
      }
      case AMF_OBJECT:
        return this.properties();
      case AMF_ECMA_ARRAY:
        this.need(4);
        this.offset += 4; // approximate count; the list ends with the object end marker
        return this.properties();
      case AMF_STRICT_ARRAY: {
        this.need(4);
        const count = this.buf.readUInt32BE(this.offset);
        this.offset += 4;
        const items: AmfValue[] = [];
        for (let i = 0; i < count; i++) items.push(this.value());
        return items;
      }
      case AMF_DATE: {
        this.need(10);
        const ms = this.buf.readDoubleBE(this.offset);
        this.offset += 10;
        return ms;
      }
      case AMF_NULL:
      case AMF_UNDEFINED:
        return null;
      default:
        throw new FlvFormatError(`unsupported AMF0 type ${type}`);
    }
  }
}

/** The onMetaData properties of a script tag's data (other script tags: null). */
export function parseOnMetaData(data: Buffer): Record<string, number | boolean | string> | null {
  const reader = new AmfReader(data);
  if (reader.value() !== 'onMetaData') return null;
  const values = reader.value();
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return null;
  const result: Record<string, number | boolean | string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
      result[key] = value;
    }
  }
  return result;
}

/** Script tag data `onMetaData` with an ECMA array of the given scalar values. */
export function encodeOnMetaData(values: Record<string, number | boolean | string>): Buffer {
  const parts: Buffer[] = [];
  const shortString = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    parts.push(length, bytes);
  };
  parts.push(Buffer.from([AMF_STRING]));
  shortString('onMetaData');
  const entries = Object.entries(values);
  const head = Buffer.alloc(5);
  head[0] = AMF_ECMA_ARRAY;
  head.writeUInt32BE(entries.length, 1);
  parts.push(head);
  for (const [key, value] of entries) {
    shortString(key);
    if (typeof value === 'number') {
      const n = Buffer.alloc(9);
      n[0] = AMF_NUMBER;
      n.writeDoubleBE(value, 1);
      parts.push(n);
    } else if (typeof value === 'boolean') {
      parts.push(Buffer.from([AMF_BOOLEAN, value ? 1 : 0]));
    } else {
      parts.push(Buffer.from([AMF_STRING]));
      shortString(value);
    }
  }
  parts.push(Buffer.from([0, 0, AMF_OBJECT_END]));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------------------------
// Tags.

export interface FlvTag {
  type: number;
  timestamp: number;
  data: Buffer;
}

/** Every tag of an FLV file, checking the header and each PreviousTagSize. */
export function readFlvTags(file: Buffer): FlvTag[] {
  if (file.length < 13 || file.toString('latin1', 0, 3) !== 'FLV') {
    throw new FlvFormatError('not an FLV file');
  }
  const headerSize = file.readUInt32BE(5);
  if (headerSize < 9 || headerSize + PREVIOUS_TAG_SIZE_BYTES > file.length) {
    throw new FlvFormatError('bad FLV header size');
  }
  const tags: FlvTag[] = [];
  let offset = headerSize + PREVIOUS_TAG_SIZE_BYTES;
  while (offset < file.length) {
    if (offset + TAG_HEADER_BYTES > file.length) throw new FlvFormatError('truncated tag header');
    const type = (file[offset] ?? 0) & 0x1f;
    const size = file.readUIntBE(offset + 1, 3);
    const timestamp = (file.readUIntBE(offset + 4, 3) | ((file[offset + 7] ?? 0) << 24)) >>> 0;
    const end = offset + TAG_HEADER_BYTES + size;
    if (end + PREVIOUS_TAG_SIZE_BYTES > file.length) throw new FlvFormatError('truncated tag');
    if (file.readUInt32BE(end) !== TAG_HEADER_BYTES + size) {
      throw new FlvFormatError(`bad PreviousTagSize at ${end}`);
    }
    tags.push({ type, timestamp, data: file.subarray(offset + TAG_HEADER_BYTES, end) });
    offset = end + PREVIOUS_TAG_SIZE_BYTES;
  }
  return tags;
}

/** An H.264 FLV clip: metadata, sequence header and frames from the first keyframe. */
export function parseFlvClip(file: Buffer): FlvClip {
  let metadata: FlvClip['metadata'] = {};
  let sequenceHeader: Buffer | undefined;
  const frames: FlvFrame[] = [];
  for (const tag of readFlvTags(file)) {
    if (tag.type === FLV_TAG_SCRIPT) {
      metadata = parseOnMetaData(tag.data) ?? metadata;
      continue;
    }
    if (tag.type !== FLV_TAG_VIDEO || tag.data.length < 5) continue;
    const first = tag.data[0] ?? 0;
    if ((first & 0x0f) !== CODEC_AVC) throw new FlvFormatError('video is not H.264');
    const packetType = tag.data[1];
    if (packetType === AVC_SEQUENCE_HEADER) {
      sequenceHeader ??= Buffer.from(tag.data);
    } else if (packetType === AVC_NALU) {
      const keyframe = first >> 4 === FRAME_TYPE_KEY;
      if (frames.length === 0 && !keyframe) continue;
      frames.push({ timestamp: tag.timestamp, keyframe, data: Buffer.from(tag.data) });
    }
  }
  if (!sequenceHeader) throw new FlvFormatError('no AVC sequence header');
  const firstFrame = frames[0];
  const lastFrame = frames[frames.length - 1];
  if (!firstFrame || !lastFrame) throw new FlvFormatError('no keyframe');
  const span = lastFrame.timestamp - firstFrame.timestamp;
  const rate = typeof metadata.framerate === 'number' && metadata.framerate > 0 ? metadata.framerate : 0;
  const frameIntervalMs =
    frames.length > 1
      ? Math.max(1, Math.round(span / (frames.length - 1)))
      : rate
        ? Math.round(1000 / rate)
        : 40;
  return { metadata, sequenceHeader, frames, frameIntervalMs, loopMs: span + frameIntervalMs };
}

/** The 9-byte FLV header (video only) followed by PreviousTagSize0. */
export function flvHeader(): Buffer {
  return Buffer.from([0x46, 0x4c, 0x56, 1, 0x01, 0, 0, 0, 9, 0, 0, 0, 0]);
}

/** One tag followed by its PreviousTagSize; the timestamp wraps at 2^32 ms as FLV does. */
export function encodeFlvTag(type: number, timestamp: number, data: Buffer): Buffer {
  const out = Buffer.alloc(TAG_HEADER_BYTES + data.length + PREVIOUS_TAG_SIZE_BYTES);
  const ts = timestamp >>> 0;
  out[0] = type;
  out.writeUIntBE(data.length, 1, 3);
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  out[7] = (ts >>> 24) & 0xff;
  // stream id: 3 zero bytes
  data.copy(out, TAG_HEADER_BYTES);
  out.writeUInt32BE(TAG_HEADER_BYTES + data.length, TAG_HEADER_BYTES + data.length);
  return out;
}

/** Whether a video tag's data is a keyframe (frame type 1). */
export const isKeyframeData = (data: Buffer) => (data[0] ?? 0) >> 4 === FRAME_TYPE_KEY;
