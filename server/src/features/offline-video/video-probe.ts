/**
 * Checks an uploaded video by its content (never its name): MP4/MOV (ISO BMFF), FLV or MPEG-TS.
 * The file may be hundreds of MB, so only the bytes each check needs are read, at offsets, through
 * a 64 KB window; nothing reads the whole file into memory.
 *
 * - `{ ok: false, reason: 'type' }`: empty, or no known signature at the start.
 * - `{ ok: false, reason: 'broken' }`: a known signature, but the structure is truncated or corrupt.
 * - `{ ok: true }`: the structure holds; `durationSeconds` when the container says it (TS: null).
 *
 * A missing/unreadable file rejects (the error from `open()`), it is not a probe result.
 */
import { type FileHandle, open } from 'node:fs/promises';

export type ProbeResult =
  | { ok: true; format: 'mp4' | 'flv' | 'ts'; durationSeconds: number | null }
  | { ok: false; reason: 'type' | 'broken' };

const TYPE: ProbeResult = { ok: false, reason: 'type' };
const BROKEN: ProbeResult = { ok: false, reason: 'broken' };

const WINDOW_BYTES = 64 * 1024;
const MAX_BOXES = 100_000;
const TS_PACKET = 188;
const TS_SYNC = 0x47;

/** Reads small slices of the file, served from a 64 KB window re-read on a miss. */
class FileWindow {
  private buf: Buffer = Buffer.alloc(0);
  private start = 0;
  constructor(
    private readonly fh: FileHandle,
    readonly size: number,
  ) {}

  /** Exactly `length` bytes at `offset`, or null when they run past the end of the file. */
  async at(offset: number, length: number): Promise<Buffer | null> {
    if (offset < 0 || offset + length > this.size) return null;
    const inWindow = offset >= this.start && offset + length <= this.start + this.buf.length;
    if (!inWindow) {
      this.buf = await readFully(
        this.fh,
        offset,
        Math.min(Math.max(WINDOW_BYTES, length), this.size - offset),
      );
      this.start = offset;
      if (this.buf.length < length) return null; // the file shrank under us
    }
    return this.buf.subarray(offset - this.start, offset - this.start + length);
  }
}

/** Up to `length` bytes at `position` (fewer only at the end of the file). */
async function readFully(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await fh.read(buf, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buf.subarray(0, filled);
}

export async function probeVideoFile(file: string): Promise<ProbeResult> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size === 0) return TYPE;
    const win = new FileWindow(fh, size);
    const head = await readFully(fh, 0, Math.min(size, TS_PACKET * 2 + 1));
    const firstBox = head.length >= 8 ? head.toString('latin1', 4, 8) : '';
    if (firstBox === 'ftyp') return await probeMp4(win, false);
    if (LEGACY_QUICKTIME_STARTS.has(firstBox)) return await probeMp4(win, true);
    if (head.length >= 4 && head.toString('latin1', 0, 3) === 'FLV' && head[3] === 1) {
      return await probeFlv(win);
    }
    if (looksLikeTs(head)) return await probeTs(fh, size);
    return TYPE;
  } finally {
    await fh.close();
  }
}

// ---------------------------------------------------------------------------------------------
// MP4 / MOV: top-level boxes, each `size(4) type(4)`; size 1 → a 64-bit size follows, size 0 → to
// the end of the file. Broken: a box past the end of the file, a size below its header, no moov or
// no mdat. Old QuickTime files may start without ftyp (moov/mdat/free/wide/skip first): that start
// is a weak signature (any file can hold those 4 bytes), so such a file is accepted only when the
// whole walk holds with a moov and an mdat, and anything less is 'type' rather than 'broken'.

const LEGACY_QUICKTIME_STARTS = new Set(['moov', 'mdat', 'free', 'wide', 'skip']);

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** The box at `offset` within [offset, end), or null when its header or size does not fit. */
async function readBox(win: FileWindow, offset: number, end: number): Promise<Box | null> {
  const header = await win.at(offset, 8);
  if (!header || offset + 8 > end) return null;
  const type = header.toString('latin1', 4, 8);
  let size = header.readUInt32BE(0);
  let headerSize = 8;
  if (size === 1) {
    const large = await win.at(offset + 8, 8);
    if (!large || offset + 16 > end) return null;
    size = Number(large.readBigUInt64BE(0));
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerSize || offset + size > end) return null;
  return { type, start: offset, headerSize, size };
}

async function probeMp4(win: FileWindow, legacyStart: boolean): Promise<ProbeResult> {
  const fail = legacyStart ? TYPE : BROKEN;
  let moov: Box | null = null;
  let hasMdat = false;
  let offset = 0;
  for (let count = 0; offset < win.size; count++) {
    if (count >= MAX_BOXES) return fail;
    const box = await readBox(win, offset, win.size);
    if (!box) return fail;
    if (box.type === 'moov') moov ??= box;
    if (box.type === 'mdat') hasMdat = true;
    offset += box.size;
  }
  if (!moov || !hasMdat) return fail;
  return { ok: true, format: 'mp4', durationSeconds: await mvhdDuration(win, moov) };
}

/**
 * moov → mvhd: after the box header, version(1) flags(3), then version 0: creation(4)
 * modification(4) timescale(4) duration(4); version 1: creation(8) modification(8) timescale(4)
 * duration(8). Null when mvhd is missing/short, the timescale is 0 or the duration is all ones
 * (unknown). A malformed child inside moov only loses the duration: the top-level walk decides.
 */
async function mvhdDuration(win: FileWindow, moov: Box): Promise<number | null> {
  const end = moov.start + moov.size;
  let offset = moov.start + moov.headerSize;
  for (let count = 0; offset < end && count < MAX_BOXES; count++) {
    const box = await readBox(win, offset, end);
    if (!box) return null;
    if (box.type === 'mvhd') {
      const body = await win.at(box.start + box.headerSize, Math.min(32, box.size - box.headerSize));
      if (!body || body.length < 4) return null;
      const v1 = body[0] === 1;
      if (body.length < (v1 ? 32 : 20)) return null;
      const timescale = body.readUInt32BE(v1 ? 20 : 12);
      const duration = v1 ? body.readBigUInt64BE(24) : BigInt(body.readUInt32BE(16));
      const unknown = v1 ? 0xffff_ffff_ffff_ffffn : 0xffff_ffffn;
      if (timescale === 0 || duration === unknown) return null;
      return Number(duration) / timescale;
    }
    offset += box.size;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// FLV: header 'FLV', version 1, flags, header size(4) ≥ 9; PreviousTagSize0 = 0; then tags:
// type(1) size(3) timestamp(3) + extended timestamp(1, high byte) stream id(3), data, and
// PreviousTagSize(4) = size + 11. Only headers and trailers are read; the data is skipped.

const FLV_TAG_TYPES = new Set([8, 9, 18]); // audio, video, script (raw byte: encrypted tags are refused)

async function probeFlv(win: FileWindow): Promise<ProbeResult> {
  const header = await win.at(0, 9);
  if (!header) return BROKEN;
  const headerSize = header.readUInt32BE(5);
  const prev0 = headerSize >= 9 ? await win.at(headerSize, 4) : null;
  if (prev0?.readUInt32BE(0) !== 0) return BROKEN; // missing or non-zero PreviousTagSize0
  let offset = headerSize + 4;
  let first: number | null = null;
  let last = 0;
  while (offset < win.size) {
    const tag = await win.at(offset, 11);
    if (!tag || !FLV_TAG_TYPES.has(tag[0] ?? 0)) return BROKEN;
    const dataSize = tag.readUIntBE(1, 3);
    const trailer = await win.at(offset + 11 + dataSize, 4);
    if (!trailer || trailer.readUInt32BE(0) !== dataSize + 11) return BROKEN;
    const timestamp = (tag.readUIntBE(4, 3) | ((tag[7] ?? 0) << 24)) >>> 0;
    first ??= timestamp;
    last = timestamp;
    offset += 11 + dataSize + 4;
  }
  if (first === null) return BROKEN; // a header with no tags
  return { ok: true, format: 'flv', durationSeconds: Math.max(0, last - first) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// MPEG-TS: 188-byte packets, each starting with the sync byte 0x47. Detected by the sync byte at
// 0 and 188 (and 376 when the file is that long); broken when the file is shorter than two packets,
// not a whole number of packets (a truncated last packet), or any packet lacks its sync byte.

function looksLikeTs(head: Buffer): boolean {
  if (head.length <= TS_PACKET) return false;
  if (head[0] !== TS_SYNC || head[TS_PACKET] !== TS_SYNC) return false;
  return head.length <= TS_PACKET * 2 || head[TS_PACKET * 2] === TS_SYNC;
}

async function probeTs(fh: FileHandle, size: number): Promise<ProbeResult> {
  if (size < TS_PACKET * 2 || size % TS_PACKET !== 0) return BROKEN;
  const chunkBytes = TS_PACKET * 512; // whole packets per read, ~94 KB
  for (let position = 0; position < size; position += chunkBytes) {
    const chunk = await readFully(fh, position, Math.min(chunkBytes, size - position));
    if (chunk.length === 0 || chunk.length % TS_PACKET !== 0) return BROKEN;
    for (let i = 0; i < chunk.length; i += TS_PACKET) {
      if (chunk[i] !== TS_SYNC) return BROKEN;
    }
  }
  return { ok: true, format: 'ts', durationSeconds: null };
}
