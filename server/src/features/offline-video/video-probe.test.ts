import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideoFile } from './video-probe.ts';

// Fixtures are built by hand here and written to a temp dir: no binary files in the repository.

const DEMO_CLIPS_DIR = fileURLToPath(new URL('../../../assets/demo-clips/', import.meta.url));
const PLAYBACK_CLIP = fileURLToPath(new URL('../../../../e2e/fixtures/playback-clip.mp4', import.meta.url));

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(n);
  return b;
};

/** An ISO BMFF box with a 32-bit size. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};

const ftyp = () => box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isomavc1'));
/** mvhd version 0: version/flags, creation, modification, timescale, duration, then 80 bytes of rest. */
const mvhdV0 = (timescale: number, duration: number) =>
  box('mvhd', u32(0), u32(0), u32(0), u32(timescale), u32(duration), Buffer.alloc(80));
/** mvhd version 1: 64-bit creation/modification/duration. */
const mvhdV1 = (timescale: number, duration: bigint) =>
  box('mvhd', u32(0x01000000), u64(0n), u64(0n), u32(timescale), u64(duration), Buffer.alloc(80));
const mdat = () => box('mdat', Buffer.alloc(64, 0xab));

/** An FLV tag with its PreviousTagSize (`prevTagSize` overrides the correct size + 11). */
function flvTag(type: number, timestampMs: number, data: Buffer, prevTagSize = data.length + 11): Buffer {
  const header = Buffer.alloc(11);
  header[0] = type;
  header.writeUIntBE(data.length, 1, 3);
  header.writeUIntBE(timestampMs & 0xffffff, 4, 3);
  header[7] = (timestampMs >>> 24) & 0xff;
  return Buffer.concat([header, data, u32(prevTagSize)]);
}
/** 'FLV', version 1, flags (video), header size 9, PreviousTagSize0 = 0. */
const flvHeader = () => Buffer.from([0x46, 0x4c, 0x56, 1, 1, 0, 0, 0, 9, 0, 0, 0, 0]);
const script = () => flvTag(18, 0, Buffer.from('\x02\x00\x0aonMetaData\x08\x00\x00\x00\x00\x00\x00\x09'));
const video = (ts: number) => flvTag(9, ts, Buffer.from([0x17, 1, 0, 0, 0, 1, 2, 3, 4]));

/** `count` TS packets (sync byte, then filler); `badPacket` gets a wrong sync byte. */
function ts(count: number, badPacket = -1): Buffer {
  const packets: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const packet = Buffer.alloc(188, 0xff);
    packet[0] = i === badPacket ? 0x48 : 0x47;
    packet.writeUInt16BE(0x1fff, 1); // null packet PID
    packets.push(packet);
  }
  return Buffer.concat(packets);
}

let dir = '';
const write = async (name: string, content: Buffer | string) => {
  const file = join(dir, name);
  await writeFile(file, content);
  return file;
};
const probe = async (name: string, content: Buffer | string) => probeVideoFile(await write(name, content));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'video-probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeVideoFile: MP4/MOV', () => {
  it('reads the duration from mvhd version 0', async () => {
    const file = Buffer.concat([ftyp(), box('moov', mvhdV0(1000, 12500)), mdat()]);
    expect(await probe('v0.mp4', file)).toEqual({ ok: true, format: 'mp4', durationSeconds: 12.5 });
  });

  it('reads the 64-bit duration from mvhd version 1', async () => {
    const file = Buffer.concat([ftyp(), box('moov', mvhdV1(90000, 90000n * 7n)), mdat()]);
    expect(await probe('v1.mp4', file)).toEqual({ ok: true, format: 'mp4', durationSeconds: 7 });
  });

  it('accepts a 64-bit largesize box and a size-0 last box; a zero timescale gives a null duration', async () => {
    const large = Buffer.concat([u32(1), Buffer.from('free'), u64(16n + 4n), Buffer.alloc(4)]);
    const toEnd = Buffer.concat([u32(0), Buffer.from('mdat'), Buffer.alloc(100)]);
    const file = Buffer.concat([ftyp(), large, box('moov', mvhdV0(0, 5)), toEnd]);
    expect(await probe('large.mp4', file)).toEqual({ ok: true, format: 'mp4', durationSeconds: null });
  });

  it('gives a null duration without mvhd', async () => {
    const file = Buffer.concat([ftyp(), box('moov', box('trak')), mdat()]);
    expect(await probe('no-mvhd.mp4', file)).toEqual({ ok: true, format: 'mp4', durationSeconds: null });
  });

  it('refuses as broken: an mdat past the end, ftyp only, no mdat, a size below 8', async () => {
    const whole = Buffer.concat([ftyp(), box('moov', mvhdV0(1000, 12500)), mdat()]);
    expect(await probe('truncated.mp4', whole.subarray(0, whole.length - 10))).toEqual({
      ok: false,
      reason: 'broken',
    });
    expect(await probe('ftyp-only.mp4', ftyp())).toEqual({ ok: false, reason: 'broken' });
    expect(await probe('no-mdat.mp4', Buffer.concat([ftyp(), box('moov', mvhdV0(1000, 1))]))).toEqual({
      ok: false,
      reason: 'broken',
    });
    const tiny = Buffer.concat([ftyp(), u32(4), Buffer.from('moov'), mdat()]);
    expect(await probe('tiny-box.mp4', tiny)).toEqual({ ok: false, reason: 'broken' });
  });

  it('accepts an old QuickTime file starting with moov, and calls a failed walk of such a start a wrong type', async () => {
    const mov = Buffer.concat([box('moov', mvhdV0(600, 1200)), mdat()]);
    expect(await probe('old.mov', mov)).toEqual({ ok: true, format: 'mp4', durationSeconds: 2 });
    expect(await probe('free-text.mov', 'abcdfree is not a box walk')).toEqual({ ok: false, reason: 'type' });
  });
});

describe('probeVideoFile: FLV', () => {
  it('accepts a script tag and two video tags, duration from the first to the last timestamp', async () => {
    const file = Buffer.concat([flvHeader(), script(), video(0), video(2000)]);
    expect(await probe('ok.flv', file)).toEqual({ ok: true, format: 'flv', durationSeconds: 2 });
  });

  it('uses the extended timestamp byte as the high byte', async () => {
    const ms = 0x01_000000 + 500; // needs the 8-bit extension
    const file = Buffer.concat([flvHeader(), video(0), video(ms)]);
    expect(await probe('ext.flv', file)).toEqual({ ok: true, format: 'flv', durationSeconds: ms / 1000 });
  });

  it('refuses as broken: a wrong PreviousTagSize, a truncated tag, a bad tag type, no tags', async () => {
    const badPrev = Buffer.concat([flvHeader(), script(), flvTag(9, 0, Buffer.alloc(9), 99), video(2000)]);
    expect(await probe('bad-prev.flv', badPrev)).toEqual({ ok: false, reason: 'broken' });
    const whole = Buffer.concat([flvHeader(), script(), video(0), video(2000)]);
    expect(await probe('cut.flv', whole.subarray(0, whole.length - 10))).toEqual({
      ok: false,
      reason: 'broken',
    });
    const badType = Buffer.concat([flvHeader(), flvTag(7, 0, Buffer.alloc(4))]);
    expect(await probe('bad-type.flv', badType)).toEqual({ ok: false, reason: 'broken' });
    expect(await probe('empty.flv', flvHeader())).toEqual({ ok: false, reason: 'broken' });
  });
});

describe('probeVideoFile: MPEG-TS', () => {
  it('accepts whole packets with sync bytes, without a duration', async () => {
    expect(await probe('ok.ts', ts(3))).toEqual({ ok: true, format: 'ts', durationSeconds: null });
  });

  it('checks every packet across read chunks', async () => {
    expect(await probe('long.ts', ts(1500))).toEqual({ ok: true, format: 'ts', durationSeconds: null });
    expect(await probe('long-bad.ts', ts(1500, 1200))).toEqual({ ok: false, reason: 'broken' });
  });

  it('refuses as broken: a bad sync byte after the detection bytes, a truncated last packet', async () => {
    expect(await probe('bad-sync.ts', ts(5, 3))).toEqual({ ok: false, reason: 'broken' });
    expect(await probe('cut.ts', ts(3).subarray(0, 188 * 3 - 5))).toEqual({ ok: false, reason: 'broken' });
  });
  it('calls a bad sync byte at 188 or 376 a wrong type: those bytes are the signature', async () => {
    expect(await probe('bad-sync-1.ts', ts(4, 1))).toEqual({ ok: false, reason: 'type' });
    expect(await probe('bad-sync-2.ts', ts(4, 2))).toEqual({ ok: false, reason: 'type' });
  });
});

describe('probeVideoFile: other content', () => {
  it('refuses a JPEG, a text file and an empty file as a wrong type, whatever the name', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0]);
    expect(await probe('photo.mp4', jpeg)).toEqual({ ok: false, reason: 'type' });
    expect(await probe('notes.flv', 'just some text, not a video at all\n'.repeat(20))).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(await probe('empty.ts', '')).toEqual({ ok: false, reason: 'type' });
  });
});

describe('probeVideoFile: real clips', () => {
  it('accepts every bundled demo clip as FLV with a duration', async () => {
    const clips = (await readdir(DEMO_CLIPS_DIR)).filter((name) => name.endsWith('.flv'));
    expect(clips.length).toBeGreaterThan(0);
    for (const clip of clips) {
      const result = await probeVideoFile(join(DEMO_CLIPS_DIR, clip));
      expect(result, clip).toMatchObject({ ok: true, format: 'flv' });
      expect(result.ok && result.durationSeconds, clip).toBeGreaterThan(0);
    }
  });

  it('accepts the e2e playback clip as MP4 with a duration', async () => {
    const result = await probeVideoFile(PLAYBACK_CLIP);
    expect(result).toMatchObject({ ok: true, format: 'mp4' });
    expect(result.ok && result.durationSeconds).toBeGreaterThan(0);
  });
});
