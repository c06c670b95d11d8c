import { crc32 } from 'node:zlib';
import { ALARM_API, type AlarmItem, type Envelope, translate } from '@sentinel/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmAction, alarmRollup, algorithm, auditLog, engine, videoAlarm } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { backends } from '../../test/helpers.ts';
import { createVersion, setLiveVersion } from '../algorithms/index.ts';
import {
  fakeMp4,
  type IngestHarness,
  ingestHarness,
  multipartBody,
  type UploadFile,
} from './ingest-test-support.ts';

interface Created {
  id: number;
  name: string;
  key: string;
  keyPrefix: string;
  enabled: boolean;
  lastSeenAt: string | null;
}

describe.each(backends)('engine keys and alarm ingest on %s', (backend) => {
  let h: IngestHarness;
  let engineKey: string;
  let engineId: number;
  let jpeg: Buffer;
  let seq = 0;

  const adminCall = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
  ) => {
    const res = await h.app.inject({
      method,
      url,
      headers: { token: token ?? h.admin, lang: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };

  const ingest = async (
    fields: Record<string, string>,
    files?: UploadFile[],
    key: string | null = engineKey,
  ) => {
    const { payload, headers } = multipartBody(fields, files ?? [{ field: 'image', data: jpeg }]);
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, lang: 'en', ...(key === null ? {} : { 'x-engine-key': key }) },
      payload,
    });
    return {
      statusCode: res.statusCode,
      body: res.json() as Envelope<{ id: number; duplicate: boolean } | null>,
    };
  };
  const fields = (extra: Record<string, string> = {}) => ({
    eventId: `evt-${++seq}`,
    cameraId: String(h.refs.cameraId),
    sceneId: String(h.refs.sceneId),
    algorithmCode: 'helmet',
    ...extra,
  });
  const alarmCount = async () => Number((await h.app.db.select({ n: count() }).from(videoAlarm))[0]?.n ?? 0);

  beforeAll(async () => {
    h = await ingestHarness(backend);
    jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 90, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const created = await adminCall<Created>('POST', ALARM_API.engines, { name: '分析引擎一号' });
    expect(created.statusCode).toBe(200);
    engineKey = created.body.data.key;
    engineId = created.body.data.id;
  });
  afterAll(async () => h?.close());

  describe('engine keys', () => {
    it('shows the key once and stores only its sha256 and prefix', async () => {
      expect(engineKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await h.app.db.select().from(engine).where(eq(engine.id, engineId));
      expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.keyHash).not.toContain(engineKey);
      expect(row?.keyPrefix).toBe(engineKey.slice(0, 8));
      const list = await adminCall<Array<Record<string, unknown>>>('GET', `${ALARM_API.engines}/list`);
      expect(list.statusCode).toBe(200);
      const item = list.body.data.find((e) => e.id === engineId);
      expect(item).toMatchObject({ name: '分析引擎一号', keyPrefix: engineKey.slice(0, 8), enabled: true });
      expect(JSON.stringify(list.body.data)).not.toContain(engineKey);
      const audits = await h.app.db.select().from(auditLog).where(eq(auditLog.action, 'engine.create'));
      expect(audits.length).toBe(1);
    });

    it('is for admins only and refuses an empty or duplicate name', async () => {
      expect((await adminCall('POST', ALARM_API.engines, { name: 'x' }, h.operator)).statusCode).toBe(403);
      expect((await adminCall('GET', `${ALARM_API.engines}/list`, undefined, h.operator)).statusCode).toBe(
        403,
      );
      expect((await adminCall('POST', ALARM_API.engines, { name: ' ' })).statusCode).toBe(400);
      expect((await adminCall('POST', ALARM_API.engines, { name: '分析引擎一号' })).statusCode).toBe(409);
    });
  });

  describe('ingest', () => {
    it('accepts an alarm: names copied, timeline row, rollup +1, alarm.created published after commit', async () => {
      const events: BusEvent[] = [];
      const unsubscribe = h.app.bus.subscribe((event) => events.push(event));
      const drawn = await sharp(jpeg).png().toBuffer();
      const res = await ingest(
        fields({
          eventId: 'evt-main',
          priority: '120004',
          alarmTime: '2026-11-20T08:30:00+08:00',
          alarmResult: '人员未佩戴安全帽',
          extraInfoName: '置信度',
          extraInfo: JSON.stringify({ confidence: 0.93 }),
          historyAssignmentId: '12',
          jobNumber: 'JOB-7',
        }),
        [
          { field: 'image', data: jpeg },
          { field: 'imageDraw', data: drawn, filename: 'draw.png', contentType: 'image/png' },
          { field: 'clip', data: fakeMp4(), filename: 'clip.mp4', contentType: 'video/mp4' },
        ],
      );
      unsubscribe();
      expect(res.statusCode).toBe(200);
      expect(res.body.data?.duplicate).toBe(false);
      const id = res.body.data?.id ?? 0;
      const [row] = await h.app.db.select().from(videoAlarm).where(eq(videoAlarm.id, id));
      expect(row).toMatchObject({
        engineId,
        engineEventId: 'evt-main',
        alarmState: 1,
        priority: 120004,
        videoAlarmTypeName: '未戴安全帽',
        sceneName: '焦炉巡检',
        cameraName: '焦炉顶部摄像头',
        areaName: '1号焦炉',
        areaId: h.refs.areaId,
        factoryName: '焦化厂',
        factoryId: h.refs.factoryId,
        alarmResult: '人员未佩戴安全帽',
        extraInfo: { confidence: 0.93 },
        historyAssignmentId: 12,
        jobNumber: 'JOB-7',
      });
      expect(row?.alarmTime.toISOString()).toBe('2026-11-20T00:30:00.000Z');
      expect(row?.alarmImage).toMatch(/^alarm\/[0-9a-f]{24}\.jpg$/);
      expect(row?.alarmImageDraw).toMatch(/^alarm\/[0-9a-f]{24}\.png$/);
      expect(row?.alarmVideo).toMatch(/^clip\/[0-9a-f]{24}\.mp4$/);
      const timeline = await h.app.db.select().from(alarmAction).where(eq(alarmAction.alarmId, id));
      expect(timeline).toMatchObject([
        { action: 'ingest', fromState: null, toState: 1, accountName: '分析引擎一号' },
      ]);
      const [rollup] = await h.app.db
        .select({ n: alarmRollup.count })
        .from(alarmRollup)
        .where(
          and(
            eq(alarmRollup.day, '2026-11-20'),
            eq(alarmRollup.priority, 120004),
            eq(alarmRollup.alarmState, 1),
          ),
        );
      expect(Number(rollup?.n)).toBe(1);
      const created = events.filter((e) => e.type === 'alarm.created');
      expect(created).toHaveLength(1);
      const item = created[0]?.data as AlarmItem;
      expect(item).toMatchObject({ id, sceneName: '焦炉巡检', alarmState: 1, priority: 120004 });
      expect(item.alarmImage).toMatch(/^\/api\/v2\/backend\/media\/alarm\//);
      const clip = await h.app.inject({
        method: 'GET',
        url: item.alarmVideo,
        headers: { token: h.operator },
      });
      expect(clip.statusCode).toBe(200);
      expect(clip.headers['content-type']).toBe('video/mp4');
      expect(clip.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const [seen] = await h.app.db.select().from(engine).where(eq(engine.id, engineId));
      expect(seen?.lastSeenAt).not.toBeNull();
    });

    it('looks the camera up by code, the scene through the camera, the priority from the algorithm; requireApproval → state 4', async () => {
      const res = await ingest({
        eventId: 'evt-code',
        cameraCode: 'CAM-T01',
        algorithmCode: 'helmet',
        requireApproval: 'true',
      });
      expect(res.statusCode).toBe(200);
      const [row] = await h.app.db
        .select()
        .from(videoAlarm)
        .where(eq(videoAlarm.id, res.body.data?.id ?? 0));
      expect(row).toMatchObject({ sceneId: h.refs.sceneId, priority: 120003, alarmState: 4 });
    });

    it('records the version of the algorithm that was live at the moment of ingest', async () => {
      const [alg] = await h.app.db.select().from(algorithm).where(eq(algorithm.code, 'helmet'));
      if (!alg) throw new Error('no helmet algorithm');
      const versionOf = async (id: number | undefined) =>
        (
          await h.app.db
            .select()
            .from(videoAlarm)
            .where(eq(videoAlarm.id, id ?? 0))
        )[0]?.algorithmVersionId;
      const params = { sampleImage: '', zones: [], classes: [], thresholds: {}, level: 120003, schedule: [] };
      const newVersion = async () => {
        const v = await createVersion(h.app.db, {
          algorithmId: alg.id,
          modelId: null,
          artefact: 'x',
          sha256: '0'.repeat(64),
          sizeBytes: 1,
          params,
          source: 'seed',
        });
        if (!v) throw new Error('no version');
        return v;
      };
      const before = await ingest(fields());
      expect(await versionOf(before.body.data?.id)).toBeNull();
      const v1 = await newVersion();
      const v2 = await newVersion();
      await setLiveVersion(h.app.db, { algorithmId: alg.id, versionId: v1.id, action: 'publish' });
      const during = await ingest(fields());
      await setLiveVersion(h.app.db, { algorithmId: alg.id, versionId: v2.id, action: 'publish' });
      const after = await ingest(fields());
      expect([await versionOf(during.body.data?.id), await versionOf(after.body.data?.id)]).toEqual([
        v1.id,
        v2.id,
      ]);
    });

    it('answers a repeated delivery with the same id and stores it once', async () => {
      const before = await alarmCount();
      const first = await ingest(fields({ eventId: 'evt-dup' }));
      const again = await ingest(fields({ eventId: 'evt-dup' }));
      const both = await Promise.all([
        ingest(fields({ eventId: 'evt-race' })),
        ingest(fields({ eventId: 'evt-race' })),
      ]);
      expect(first.body.data).toMatchObject({ duplicate: false });
      expect(again.statusCode).toBe(200);
      expect(again.body.data).toEqual({ id: first.body.data?.id, duplicate: true });
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both[0]?.body.data?.id).toBe(both[1]?.body.data?.id);
      expect(both.filter((r) => r.body.data?.duplicate)).toHaveLength(1);
      expect(await alarmCount()).toBe(before + 2);
    });

    it('refuses an unknown, missing or disabled key with 401 engine.invalidKey', async () => {
      const before = await alarmCount();
      const bad = await ingest(fields(), undefined, 'not-a-key');
      expect(bad.statusCode).toBe(401);
      expect(bad.body.message).toBe('Invalid engine key');
      expect((await ingest(fields(), undefined, null)).statusCode).toBe(401);
      const other = await adminCall<Created>('POST', ALARM_API.engines, { name: '停用引擎' });
      // Known to this instance (its key is reused for a few seconds): disabling still counts at once.
      expect((await ingest(fields(), undefined, other.body.data.key)).statusCode).toBe(200);
      const disabled = await adminCall<Created>('POST', `${ALARM_API.engines}/${other.body.data.id}/disable`);
      expect(disabled.body.data.enabled).toBe(false);
      expect((await ingest(fields(), undefined, other.body.data.key)).statusCode).toBe(401);
      await adminCall('POST', `${ALARM_API.engines}/${other.body.data.id}/enable`);
      expect((await ingest(fields(), undefined, other.body.data.key)).statusCode).toBe(200);
      expect(await alarmCount()).toBe(before + 2);
      await adminCall('DELETE', `${ALARM_API.engines}/${other.body.data.id}`);
      expect((await ingest(fields(), undefined, other.body.data.key)).statusCode).toBe(401);
    });

    it('refuses bad files: disguised image 400, oversize 413, bad clip 400, missing image 400', async () => {
      const before = await alarmCount();
      const text = Buffer.from('this is not an image at all');
      const disguised = await ingest(fields(), [{ field: 'image', data: text, filename: 'a.jpg' }]);
      expect(disguised.statusCode).toBe(400);
      expect(disguised.body.message).toBe(translate('image.type', 'en'));
      const big = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024 + 10)]);
      expect((await ingest(fields(), [{ field: 'image', data: big }])).statusCode).toBe(413);
      const badClip = await ingest(fields(), [
        { field: 'image', data: jpeg },
        {
          field: 'clip',
          data: Buffer.from('not a video, just text padding'),
          filename: 'c.mp4',
          contentType: 'video/mp4',
        },
      ]);
      expect(badClip.statusCode).toBe(400);
      expect(badClip.body.data).toMatchObject({ fields: [{ field: 'clip' }] });
      expect((await ingest(fields(), [])).statusCode).toBe(400);
      // A decompression bomb: a PNG whose header says 30000 × 30000 (900 megapixels, above the
      // 40 MP bound), refused from its header — nothing decodes it, nothing is kept.
      const bomb = await sharp(jpeg).png().toBuffer();
      bomb.writeUInt32BE(30_000, 16);
      bomb.writeUInt32BE(30_000, 20);
      bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29); // IHDR's CRC: a well-formed header
      const refused = await ingest(fields(), [{ field: 'image', data: bomb, filename: 'a.png' }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toBe(translate('image.type', 'en'));
      expect(await alarmCount()).toBe(before);
    });

    it('accepts an engine image above the UI limit (up to 2 MB)', async () => {
      const padded = Buffer.concat([jpeg, Buffer.alloc(900 * 1024)]);
      expect((await ingest(fields(), [{ field: 'image', data: padded }])).statusCode).toBe(200);
    });

    it('refuses unknown camera, scene or algorithm, a missing eventId and a bad priority with 400', async () => {
      const before = await alarmCount();
      const cases: Array<[Record<string, string>, string]> = [
        [fields({ cameraId: '999999' }), 'cameraId'],
        [fields({ sceneId: '999999' }), 'sceneId'],
        [fields({ algorithmCode: 'nope' }), 'algorithmCode'],
        [fields({ eventId: '' }), 'eventId'],
        [fields({ eventId: 'x'.repeat(101) }), 'eventId'],
        [fields({ priority: '120009' }), 'priority'],
        [fields({ extraInfo: '{bad json' }), 'extraInfo'],
        [fields({ alarmTime: 'yesterday' }), 'alarmTime'],
      ];
      for (const [input, field] of cases) {
        const res = await ingest(input);
        expect(res.statusCode, field).toBe(400);
        expect(res.body.data, field).toMatchObject({ fields: [{ field }] });
      }
      const { eventId: _omit, ...noEvent } = fields();
      expect((await ingest(noEvent)).statusCode).toBe(400);
      expect(await alarmCount()).toBe(before);
    });

    it('keeps the alarms of a deleted engine (engine reference set to null)', async () => {
      const other = await adminCall<Created>('POST', ALARM_API.engines, { name: '临时引擎' });
      const res = await ingest(fields(), undefined, other.body.data.key);
      const id = res.body.data?.id ?? 0;
      const del = await adminCall('DELETE', `${ALARM_API.engines}/${other.body.data.id}`);
      expect(del.statusCode).toBe(200);
      const [row] = await h.app.db.select().from(videoAlarm).where(eq(videoAlarm.id, id));
      expect(row?.engineId).toBeNull();
      expect((await ingest(fields(), undefined, other.body.data.key)).statusCode).toBe(401);
      expect((await adminCall('DELETE', `${ALARM_API.engines}/${other.body.data.id}`)).statusCode).toBe(404);
    });

    it('keeps the rollup counters equal to the rows per state', async () => {
      const rows = await h.app.db
        .select({ state: videoAlarm.alarmState, n: count() })
        .from(videoAlarm)
        .groupBy(videoAlarm.alarmState);
      const sums = await h.app.db
        .select({ state: alarmRollup.alarmState, n: sql<string>`sum(${alarmRollup.count})` })
        .from(alarmRollup)
        .groupBy(alarmRollup.alarmState);
      const norm = (list: Array<{ state: number; n: unknown }>) =>
        Object.fromEntries(list.filter((r) => Number(r.n) > 0).map((r) => [r.state, Number(r.n)]));
      expect(norm(sums)).toEqual(norm(rows));
    });
  });
});
