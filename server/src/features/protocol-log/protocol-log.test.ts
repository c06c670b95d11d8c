import {
  ALARM_API,
  CAMERA_HEALTH_API,
  type Envelope,
  PROTOCOL_LOG_API,
  type ProtocolCountResult,
  type ProtocolLogDetail,
  type ProtocolLogListResult,
} from '@sentinel/contract';
import { count, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineMessage } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { backends, buildTestApp, createAccount, createTestDatabase, login } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness, multipartBody } from '../alarms/ingest-test-support.ts';
import { flushProtocolLog, recordEngineMessage, recordSimulated } from './recorder.ts';
import { pruneProtocolLog } from './retention.ts';

describe.each(backends)('protocol log on %s', (backend) => {
  let h: IngestHarness;
  let key: string;
  let engineId: number;
  let jpeg: Buffer;
  let since: string;

  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object, token = h.admin) => {
    const res = await h.app.inject({ method, url, headers: { token, lang: 'en' }, payload });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const alarm = async (eventId: string, withImage = true, engineKey = key) => {
    const { payload, headers } = multipartBody(
      {
        eventId,
        cameraId: String(h.refs.cameraId),
        sceneId: String(h.refs.sceneId),
        algorithmCode: 'helmet',
      },
      withImage ? [{ field: 'image', data: jpeg }] : [],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, 'x-engine-key': engineKey },
      payload,
    });
    return res.statusCode;
  };
  const list = (filter: object = {}) =>
    call<ProtocolLogListResult>('POST', PROTOCOL_LOG_API.list, {
      page: 1,
      limit: 50,
      startTime: since,
      ...filter,
    });

  beforeAll(async () => {
    h = await ingestHarness(backend);
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .jpeg()
      .toBuffer();
    const created = await call<{ id: number; key: string }>('POST', ALARM_API.engines, { name: '协议引擎' });
    key = created.body.data.key;
    engineId = created.body.data.id;
    since = new Date(Date.now() - 1000).toISOString();

    expect(await alarm('proto-1')).toBe(200);
    expect(await alarm('proto-1')).toBe(200); // the same eventId again: a duplicate
    expect(await alarm('proto-2', true, 'not-a-key')).toBe(401);
    expect(await alarm('proto-3', false)).toBe(400); // no image
    const beat = await h.app.inject({
      method: 'POST',
      url: `/api/v2/backend${CAMERA_HEALTH_API.heartbeat}`,
      headers: { 'x-engine-key': key },
      payload: { version: '1.2.3' },
    });
    expect(beat.statusCode).toBe(200);
    await flushProtocolLog(h.app);
  });
  afterAll(async () => h?.close());

  it('records each engine message with its outcome, status, reason, engine and camera', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.capped).toBe(false);
    expect(res.body.data.count).toBe(5);
    // Newest first.
    const rows = [...res.body.data.list].reverse();
    expect(rows.map((r) => [r.kind, r.outcome, r.status, r.reason])).toEqual([
      ['videoAlarm', 'accepted', 200, null],
      ['videoAlarm', 'duplicate', 200, null],
      ['videoAlarm', 'refused', 401, 'engine.invalidKey'],
      ['videoAlarm', 'refused', 400, 'field.required'],
      ['heartbeat', 'accepted', 200, null],
    ]);
    expect(rows.map((r) => r.engineId)).toEqual([engineId, engineId, null, engineId, engineId]);
    expect(rows[0]).toMatchObject({
      cameraId: h.refs.cameraId,
      cameraName: '焦炉顶部摄像头',
      engineName: '协议引擎',
    });
    expect(rows[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('filters by kind, outcome, engine, camera and reason', async () => {
    const refused = await list({ outcome: 'refused' });
    expect(refused.body.data.list.map((r) => r.reason)).toEqual(['field.required', 'engine.invalidKey']);
    expect((await list({ kind: 'heartbeat' })).body.data.count).toBe(1);
    expect((await list({ reason: 'engine.invalidKey' })).body.data.count).toBe(1);
    expect((await list({ engineId })).body.data.count).toBe(4);
    // The refused key's body was never read: no camera.
    expect((await list({ cameraId: h.refs.cameraId })).body.data.count).toBe(3);
    expect((await list({ startTime: undefined, endTime: since })).body.data.count).toBe(0);
    const paged = await call<ProtocolLogListResult>('POST', PROTOCOL_LOG_API.list, {
      page: 2,
      limit: 10,
      startTime: since,
    });
    expect(paged.body.data).toMatchObject({ list: [], count: 5 });
  });

  it('shows the raw metadata (files as name, type, size) and the parse result', async () => {
    const rows = [...(await list({ kind: 'videoAlarm' })).body.data.list].reverse();
    const [accepted, duplicate, badKey, badBody] = rows;
    const detail = await call<ProtocolLogDetail>(
      'GET',
      `${PROTOCOL_LOG_API.list.replace(/list$/, '')}${accepted?.id}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.data.raw).toEqual({
      fields: {
        eventId: 'proto-1',
        cameraId: String(h.refs.cameraId),
        sceneId: String(h.refs.sceneId),
        algorithmCode: 'helmet',
      },
      files: [{ name: 'image', type: 'image/jpeg', size: jpeg.length }],
    });
    const stored = detail.body.data.result as { id: number; duplicate: boolean };
    expect(stored).toMatchObject({ duplicate: false });
    const dup = await call<ProtocolLogDetail>(
      'GET',
      PROTOCOL_LOG_API.detail.replace(':id', String(duplicate?.id)),
    );
    expect(dup.body.data.result).toEqual({ id: stored.id, duplicate: true });
    // A bad key: the body was never read.
    const refused = await call<ProtocolLogDetail>(
      'GET',
      PROTOCOL_LOG_API.detail.replace(':id', String(badKey?.id)),
    );
    expect(refused.body.data).toMatchObject({ raw: {}, reason: 'engine.invalidKey', engineId: null });
    const invalid = await call<ProtocolLogDetail>(
      'GET',
      PROTOCOL_LOG_API.detail.replace(':id', String(badBody?.id)),
    );
    expect(invalid.body.data.result).toEqual({ fields: [{ field: 'image', code: 'field.required' }] });
    expect(invalid.body.data.raw).toMatchObject({ fields: { eventId: 'proto-3' }, files: [] });
  });

  it('records a JSON body as received and its validation errors', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v2/backend${CAMERA_HEALTH_API.heartbeat}`,
      headers: { 'x-engine-key': key },
      payload: { cameras: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    await flushProtocolLog(h.app);
    const [row] = (await list({ kind: 'heartbeat', outcome: 'refused' })).body.data.list;
    expect(row).toMatchObject({ status: 400, engineId });
    const detail = await call<ProtocolLogDetail>(
      'GET',
      PROTOCOL_LOG_API.detail.replace(':id', String(row?.id)),
    );
    expect(detail.body.data.raw).toEqual({ cameras: 'nope' });
    expect((detail.body.data.result as { fields: Array<{ field: string }> }).fields[0]?.field).toBe(
      'cameras',
    );
    expect(row?.reason).toBe(
      (detail.body.data.result as { fields: Array<{ code: string }> }).fields[0]?.code,
    );
  });

  it('records a refusal of the parser (413) with its message code and the file as seen', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    const { payload, headers } = multipartBody({ eventId: 'proto-big' }, [{ field: 'image', data: big }]);
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, 'x-engine-key': key },
      payload,
    });
    expect(res.statusCode).toBe(413);
    await flushProtocolLog(h.app);
    const [row] = (await list({ reason: 'image.size' })).body.data.list;
    expect(row).toMatchObject({ kind: 'videoAlarm', outcome: 'refused', status: 413, engineId });
    const detail = await call<ProtocolLogDetail>(
      'GET',
      PROTOCOL_LOG_API.detail.replace(':id', String(row?.id)),
    );
    expect(detail.body.data.raw).toMatchObject({ fields: { eventId: 'proto-big' } });
    await h.app.db.delete(engineMessage).where(sql`id = ${row?.id ?? 0}`);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await call('GET', PROTOCOL_LOG_API.detail.replace(':id', '987654321'))).status).toBe(404);
    expect((await call('GET', PROTOCOL_LOG_API.detail.replace(':id', 'abc'))).status).toBe(400);
    expect((await call('GET', PROTOCOL_LOG_API.detail.replace(':id', '0'))).status).toBe(400);
  });

  it('counts per kind × outcome exactly what the list shows for the same filter', async () => {
    const endTime = new Date(Date.now() + 60_000).toISOString();
    const res = await call<ProtocolCountResult>('POST', PROTOCOL_LOG_API.counts, {
      startTime: since,
      endTime,
    });
    expect(res.status).toBe(200);
    const cells = Object.fromEntries(res.body.data.cells.map((c) => [`${c.kind}/${c.outcome}`, c.count]));
    expect(cells).toEqual({
      'heartbeat/accepted': 1,
      'heartbeat/refused': 1,
      'videoAlarm/accepted': 1,
      'videoAlarm/duplicate': 1,
      'videoAlarm/refused': 2,
    });
    expect(res.body.data.bucket).toBe('hour');
    expect(res.body.data.buckets.reduce((s, b) => s + b.count, 0)).toBe(res.body.data.total);
    for (const cell of res.body.data.cells) {
      const shown = await list({ kind: cell.kind, outcome: cell.outcome, endTime });
      expect(shown.body.data.count).toBe(cell.count);
      expect(shown.body.data.list).toHaveLength(cell.count);
    }
    // Beyond 2 days: viewer days (here UTC+8), the same total.
    const week = await call<ProtocolCountResult>('POST', PROTOCOL_LOG_API.counts, {
      startTime: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      endTime,
      utcOffset: 480,
    });
    expect(week.body.data.bucket).toBe('day');
    expect(week.body.data.total).toBe(res.body.data.total);
    expect(week.body.data.buckets.reduce((s, b) => s + b.count, 0)).toBe(res.body.data.total);
    for (const b of week.body.data.buckets) expect(new Date(b.at).getUTCHours()).toBe(16);
    const bad = await call('POST', PROTOCOL_LOG_API.counts, { startTime: endTime, endTime: since });
    expect(bad.status).toBe(400);
  });

  it('records in-process reports (simulators), refused ones with their code', async () => {
    const raw = { fields: { eventId: 'sim-x' } };
    await recordSimulated(h.app, { kind: 'event', engineId, raw }, async () => ({ id: 7, duplicate: true }));
    await expect(
      recordSimulated(h.app, { kind: 'dcsAlarm', engineId, raw }, async () => {
        throw new AppError(400, 'field.invalid');
      }),
    ).rejects.toThrow();
    await flushProtocolLog(h.app);
    expect((await list({ kind: 'event', outcome: 'duplicate' })).body.data.count).toBe(1);
    const [refused] = (await list({ kind: 'dcsAlarm' })).body.data.list;
    expect(refused).toMatchObject({ outcome: 'refused', status: 400, reason: 'field.invalid' });
  });

  it('records a call the rate limit refuses before the route runs (429)', async () => {
    const tdb = await createTestDatabase(backend);
    const app = await buildTestApp(tdb, { generalRateLimit: 1000, ingestRateLimit: 1 });
    try {
      const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
      const created = await app.inject({
        method: 'POST',
        url: ALARM_API.engines,
        headers: { token: admin },
        payload: { name: 'limited' },
      });
      const limitedKey = (created.json() as Envelope<{ key: string }>).data.key;
      const beat = () =>
        app.inject({
          method: 'POST',
          url: `/api/v2/backend${CAMERA_HEALTH_API.heartbeat}`,
          headers: { 'x-engine-key': limitedKey },
          payload: {},
        });
      expect((await beat()).statusCode).toBe(200);
      expect((await beat()).statusCode).toBe(429);
      await flushProtocolLog(app);
      const rows = await app.db.select().from(engineMessage);
      expect(rows.map((r) => [r.kind, r.outcome, r.status, r.reason])).toEqual([
        ['heartbeat', 'accepted', 200, null],
        ['heartbeat', 'refused', 429, 'error.rateLimited'],
      ]);
    } finally {
      await app.close();
      await tdb.drop();
    }
  });

  it('a failed write never reaches ingest and loses only the bad row', async () => {
    recordEngineMessage(h.app, {
      kind: 'jobRun',
      engineId: 2_000_000_000,
      outcome: 'accepted',
      status: 200,
      raw: {},
    });
    recordEngineMessage(h.app, {
      kind: 'jobRun',
      engineId,
      outcome: 'accepted',
      status: 200,
      raw: { ok: 1 },
    });
    await flushProtocolLog(h.app);
    const rows = (await list({ kind: 'jobRun' })).body.data.list;
    expect(rows.map((r) => r.engineId)).toEqual([engineId]);
    await h.app.db.delete(engineMessage).where(sql`kind = 'jobRun'`);
  });

  it('needs the page permission', async () => {
    expect((await call('POST', PROTOCOL_LOG_API.list, { page: 1, limit: 10 }, h.operator)).status).toBe(403);
  });

  it('retention deletes rows older than PROTOCOL_LOG_DAYS in bounded batches, and only those', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    await h.app.db.insert(engineMessage).values(
      Array.from({ length: 5 }, () => ({
        kind: 'event',
        outcome: 'accepted',
        status: 200,
        raw: {},
        receivedAt: old,
      })),
    );
    const total = async () => Number((await h.app.db.select({ n: count() }).from(engineMessage))[0]?.n ?? 0);
    const before = await total();
    expect(await pruneProtocolLog(h.app, 2)).toBe(5);
    expect(await total()).toBe(before - 5);
    const [left] = await h.app.db
      .select({ n: count() })
      .from(engineMessage)
      .where(sql`received_at < ${new Date(Date.now() - 30 * 86_400_000).toISOString()}::timestamptz`);
    expect(Number(left?.n)).toBe(0);
  });
});
