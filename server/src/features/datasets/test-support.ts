import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { DATASET_API, type DatasetImportReport, type DatasetItem, type DatasetRow } from '@sentinel/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import yazl from 'yazl';
import { algorithm } from '../../db/schema/index.ts';
import { apiCaller, type Backend, body, createAccount, login, useTestApp } from '../../test/helpers.ts';
import { multipartFile } from '../../test/multipart.ts';

/** Test helpers of the datasets feature: images, zips (also unsafe ones yazl would refuse to write). */

/** A small real JPEG (or PNG) of one colour: each colour is a different image (sha256). */
export function image(
  shade: number,
  format: 'jpeg' | 'png' = 'jpeg',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const pipeline = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: shade % 256, g: (shade * 7) % 256, b: (shade * 13) % 256 },
    },
  });
  return (format === 'jpeg' ? pipeline.jpeg() : pipeline.png()).toBuffer();
}

/** A zip of the given entries, written by yazl (deflated). */
export async function zipOf(entries: Record<string, Buffer | string>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) {
    zip.addBuffer(typeof data === 'string' ? Buffer.from(data) : data, name, { compress });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A stored (uncompressed) zip written by hand, so names like `../x.jpg` or `/etc/x.jpg` and
 * symlink entries can be made; `mode` is the unix mode of each entry.
 */
export function rawZip(entries: { name: string; data: Buffer; mode?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, mode = 0o100644 } of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const LIMITS = {
  maxBytes: 3_000_000,
  maxEntries: 40,
  maxEntryBytes: 1_500_000,
  maxTotalBytes: 2_000_000,
  maxRatio: 100,
};

/**
 * A describe block's app (small zip limits, its own data directory) with admin and operator
 * tokens, two algorithm instances and the calls the dataset tests make.
 */
export function useDatasetApp(backend: Backend) {
  const t = useTestApp(backend, {
    dataDir: mkdtempSync(join(tmpdir(), 'sentinel-datasets-')),
    datasetZip: LIMITS,
  });
  const state = { admin: '', viewer: '', helmet: 0, smoke: 0 };
  const call = apiCaller(
    () => t.app,
    () => state.admin,
  );
  const upload = (url: string, data: Buffer, filename: string, token = state.admin, lang = 'en') => {
    const form = multipartFile(data, { filename, contentType: 'application/octet-stream' });
    return t.app.inject({
      method: 'POST',
      url,
      headers: { token, lang, ...form.headers },
      payload: form.payload,
    });
  };
  const create = async (name: string, algorithmId: number | null = state.helmet, classes: string[] = []) => {
    const res = await call('POST', DATASET_API.create, { name, algorithmId, classes });
    expect(res.statusCode).toBe(200);
    return body<DatasetRow>(res).data;
  };
  const row = async (id: number) => {
    const res = await call('POST', DATASET_API.list, { page: 1, limit: 50 });
    return body<{ list: DatasetRow[] }>(res).data.list.find((d) => d.id === id);
  };
  const items = async (id: number, filter: Record<string, unknown> = {}) =>
    body<{ list: DatasetItem[]; count: number }>(
      await call('POST', DATASET_API.items(id), { page: 1, limit: 100, ...filter }),
    ).data;
  const report = (res: LightMyRequestResponse) => body<DatasetImportReport>(res).data;

  beforeAll(async () => {
    state.admin = await login(t.app, await createAccount(t.app, { roles: ['admin'] }));
    state.viewer = await login(t.app, await createAccount(t.app, { roles: ['operator'] }));
    const rows = await t.app.db
      .insert(algorithm)
      .values([
        { code: 'helmet', name: '未戴安全帽' },
        { code: 'smoke', name: '吸烟' },
      ])
      .returning({ id: algorithm.id });
    state.helmet = rows[0]?.id ?? 0;
    state.smoke = rows[1]?.id ?? 0;
  });
  return { t, state, call, upload, create, row, items, report };
}
