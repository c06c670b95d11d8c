import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { API, type Envelope, type ExportFile, type ListResult, SYSTEM_STATUS_API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineMessage, queuePileup, queueSample } from '../../db/schema/index.ts';
import {
  backends,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';

/** The zip's entries, inflated (central directory; stored or deflated). */
function unzip(buffer: Buffer): { name: string; data: Buffer }[] {
  let eocd = buffer.length - 22;
  while (eocd >= 0 && buffer.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip');
  const entries: { name: string; data: Buffer }[] = [];
  let at = buffer.readUInt32LE(eocd + 16);
  for (let i = 0; i < buffer.readUInt16LE(eocd + 10); i++) {
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const skip = nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(dataAt, dataAt + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : raw });
    at += 46 + skip;
  }
  return entries;
}

const SECRETS = {
  stream: 'stream-secret-Zq81xK',
  trainerPassword: 'trainer-pw-Hh27Lm',
  recordingsPassword: 'rec-pw-Pp09Wq',
};

describe.each(backends)('one-key export on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-onekey-'));

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb, {
      dataDir,
      streamSigningSecret: SECRETS.stream,
      mediaRecordingsUrl: `http://viewer:${SECRETS.recordingsPassword}@127.0.0.1:9996`,
      trainer: {
        url: `http://trainer:${SECRETS.trainerPassword}@127.0.0.1:7000`,
        callbackUrl: 'http://127.0.0.1:3000',
        demoEpochMs: 10,
        silenceMs: 60_000,
        artefactMaxBytes: 1024,
        pollMs: 1000,
      },
    });
    token = await login(app, await createAccount(app, { roles: ['admin'] }));
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: { token, lang: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };

  it('writes a zip with the manifest, the rows of the range and no secret', async () => {
    const now = Date.now();
    const inRange = new Date(now - 3_600_000);
    const before = new Date(now - 3 * 86_400_000);
    await app.db.insert(engineMessage).values([
      {
        receivedAt: inRange,
        kind: 'alarm',
        outcome: 'refused',
        status: 400,
        reason: 'inside-marker',
        raw: {},
      },
      {
        receivedAt: before,
        kind: 'alarm',
        outcome: 'refused',
        status: 400,
        reason: 'outside-marker',
        raw: {},
      },
    ]);
    await app.db.insert(queueSample).values([
      { queue: 'alarms', at: inRange, depth: 7 },
      { queue: 'images', at: inRange, depth: 3 },
    ]);
    await app.db.insert(queuePileup).values({ queue: 'alarms', openedAt: inRange, reason: 'depth' });

    const started = await call<{ id: number }>('POST', SYSTEM_STATUS_API.onekeyExport, {
      startTime: new Date(now - 86_400_000).toISOString(),
      endTime: new Date(now + 60_000).toISOString(),
    });
    expect(started.statusCode).toBe(200);
    const id = started.body.data.id;
    let file: ExportFile | undefined;
    for (let i = 0; i < 400 && file?.state !== 1; i++) {
      const list = await call<ListResult<ExportFile>>('GET', `${API.exportList}?pageSize=50`);
      file = list.body.data.list.find((f) => f.id === id);
      expect(file?.state).not.toBe(2);
      if (file?.state !== 1) await new Promise((r) => setTimeout(r, 25));
    }
    expect(file?.state).toBe(1);
    expect(file?.fileName).toMatch(/^onekey-export-.*\.zip$/);
    const progress = await call<{ percent: number; done: boolean }>(
      'GET',
      SYSTEM_STATUS_API.onekeyProgress(id),
    );
    expect(progress.body.data).toMatchObject({ percent: 100, done: true });

    const download = await app.inject({ method: 'GET', url: file?.fileUrl ?? '', headers: { token } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/zip');
    const bytes = download.rawPayload;
    const entries = unzip(bytes);
    const names = entries.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'config.json', 'system-status.json']));
    const text = (name: string) => entries.find((e) => e.name === name)?.data.toString('utf8') ?? '';
    const manifest = JSON.parse(text('manifest.json')) as {
      files: { name: string; rows: number; sha256: string }[];
    };
    const messages = text('logs/engine_message.ndjson');
    expect(messages).toContain('inside-marker');
    expect(messages).not.toContain('outside-marker');
    expect(manifest.files.find((f) => f.name === 'logs/engine_message.ndjson')?.rows).toBe(1);
    expect(manifest.files.find((f) => f.name === 'logs/queue_sample.ndjson')?.rows).toBe(2);
    expect(manifest.files.find((f) => f.name === 'logs/queue_pileup.ndjson')?.rows).toBe(1);
    const { createHash } = await import('node:crypto');
    for (const f of manifest.files) {
      const data = entries.find((e) => e.name === f.name)?.data ?? Buffer.alloc(0);
      expect(createHash('sha256').update(data).digest('hex')).toBe(f.sha256);
    }
    // the audit log of the range holds the export's own start
    expect(text('logs/audit_log.ndjson')).toContain('selfCheck.onekeyExport');
    const status = JSON.parse(text('system-status.json')) as { id: string }[];
    expect(status.length).toBeGreaterThanOrEqual(1);
    // no secret anywhere in the zip's bytes
    const secrets = [...Object.values(SECRETS)];
    if (tdb.url) {
      const password = new URL(tdb.url).password;
      if (password) secrets.push(password);
    }
    const inflated = Buffer.concat(entries.map((e) => e.data));
    expect(inflated.includes(Buffer.from('inside-marker'))).toBe(true);
    for (const secret of secrets) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      expect(inflated.includes(Buffer.from(secret))).toBe(false);
    }
    expect(text('config.json')).toContain('"streamSigningSecret": "***"');
  });

  it('refuses a range over 31 days and needs the permission', async () => {
    const res = await call('POST', SYSTEM_STATUS_API.onekeyExport, {
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-02-15T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'POST', url: SYSTEM_STATUS_API.onekeyExport, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
