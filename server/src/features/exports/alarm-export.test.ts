import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API, EXPORT_API, type ExportFile } from '@sentinel/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFile, videoAlarm } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { createTestRefs, insertTestAlarm, type TestRefs } from '../alarms/test-support.ts';
import { type ExportHarness, exportHarness, readSheet } from './test-support.ts';
import { alarmBatches } from './xlsx-writer.ts';

const EXPORT = EXPORT_API.videoAlarmRecordExport;
const ZH_HEADER = [
  '编号',
  '报警时间',
  '等级',
  '类型',
  '场景',
  '摄像头',
  '区域',
  '厂区',
  '状态',
  '误报',
  '处理意见',
  '处理人',
  '审批人',
];

describe.each(backends)('alarm xlsx export on %s', (backend) => {
  let h: ExportHarness;
  let refs: TestRefs;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await exportHarness(backend);
    refs = await createTestRefs(h.app);
    const a = {
      sceneId: refs.sceneA,
      sceneName: '场景A',
      cameraId: refs.cameraA,
      cameraName: 'CAM-A',
      areaId: refs.areaA,
      areaName: '区域A',
      factoryId: refs.factoryA,
      factoryName: '厂A',
    };
    const b = { ...a, sceneId: refs.sceneB, sceneName: '场景B', cameraId: refs.cameraB, cameraName: 'CAM-B' };
    const put = async (key: string, input: Parameters<typeof insertTestAlarm>[1]) => {
      ids[key] = (await insertTestAlarm(h.app, input)).id;
    };
    await put('a1', { ...a, alarmTime: new Date('2024-05-01T01:00:00Z'), priority: 120004 });
    await put('a2', {
      ...a,
      alarmTime: new Date('2024-05-02T02:30:05Z'),
      priority: 120003,
      videoAlarmTypeName: '未戴安全帽',
      alarmState: 2,
      stateComments: '已通知班组长',
      handler: '张三',
      approver: '李四',
    });
    await put('a3', {
      ...a,
      alarmTime: new Date('2024-05-03T03:00:00Z'),
      alarmState: 3,
      falsePositive: true,
    });
    await put('b1', { ...b, alarmTime: new Date('2024-05-02T12:00:00Z'), priority: 120001 });
    await put('b2', { ...b, alarmTime: new Date('2024-06-10T12:00:00Z') });
  });
  afterAll(async () => {
    await h?.close();
  });

  const exportAs = async (token: string, filters: object, lang: 'en' | 'zh-CN' = 'zh-CN') =>
    h.call<ExportFile>(EXPORT, filters, { token, lang });
  const download = (token: string, id: number) => h.call(EXPORT_API.download(id), {}, { token });

  it('answers at once with a generating file and 正在生成文件，请稍等。', async () => {
    const res = await exportAs(h.adminToken, {});
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(0);
    expect(res.body.message).toBe('正在生成文件，请稍等。');
    expect(res.body.data).toMatchObject({ state: 0, fileUrl: null });
    expect(res.body.data.fileName).toMatch(/^video-alarms-\d{8}-\d{6}\.xlsx$/);
    const listed = (await h.list(h.adminToken)).find((f) => f.id === res.body.data.id);
    expect(listed?.fileName).toBe(res.body.data.fileName);
    const en = await exportAs(h.adminToken, {}, 'en');
    expect(en.body.message).toBe('Generating the file, please wait.');
    await h.settled(h.adminToken, en.body.data.id);
  });

  it('completes the file, tells its owner, and writes the header and the filtered rows', async () => {
    const res = await exportAs(h.adminToken, {
      startTime: '2024-05-01T00:00:00Z',
      endTime: '2024-05-31T23:59:59Z',
      timeZone: 'Asia/Shanghai',
    });
    const id = res.body.data.id;
    const done = await h.settled(h.adminToken, id);
    expect(done.state).toBe(1);
    expect(done.fileUrl).toMatch(new RegExp(`^${EXPORT_API.filePrefix}[0-9a-f-]{36}\\.xlsx$`));
    const ready = h.events.find((e) => e.type === 'export.ready' && (e.data as { id: number }).id === id);
    expect(ready?.audience).toEqual({ accountId: h.admin.id });

    const file = await download(h.adminToken, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="${done.fileName}"`);
    const sheet = await readSheet(file.raw);
    expect(sheet.name).toBe('视频报警');
    expect(sheet.rows[0]).toEqual(ZH_HEADER);
    expect(sheet.rows.slice(1)).toEqual([
      [ids.a3, '2024-05-03 11:00:00', '一般', 'Helmet', '场景A', 'CAM-A', '区域A', '厂A', '误报', '是'],
      [ids.b1, '2024-05-02 20:00:00', '提示', 'Helmet', '场景B', 'CAM-B', '区域A', '厂A', '未处理', '否'],
      [
        ids.a2,
        '2024-05-02 10:30:05',
        '严重',
        '未戴安全帽',
        '场景A',
        'CAM-A',
        '区域A',
        '厂A',
        '已处理',
        '否',
        '已通知班组长',
        '张三',
        '李四',
      ],
      [ids.a1, '2024-05-01 09:00:00', '紧急', 'Helmet', '场景A', 'CAM-A', '区域A', '厂A', '未处理', '否'],
    ]);
  });

  it('writes English headers and applies the other filters', async () => {
    const res = await exportAs(h.adminToken, { sceneId: refs.sceneA, status: 'untreated' }, 'en');
    await h.settled(h.adminToken, res.body.data.id);
    const sheet = await readSheet((await download(h.adminToken, res.body.data.id)).raw);
    expect(sheet.name).toBe('Video alarms');
    expect(sheet.rows[0]?.slice(0, 3)).toEqual(['ID', 'Alarm time', 'Level']);
    expect(sheet.rows.slice(1).map((r) => [r[0], r[2], r[8]])).toEqual([[ids.a1, 'Urgent', 'Untreated']]);
  });

  it('exports only the scenes an account may see (account_scene grants, all_scenes off)', async () => {
    await h.limitTo([refs.sceneB]);
    const res = await exportAs(h.limitedToken, {});
    expect(res.statusCode).toBe(200);
    await h.settled(h.limitedToken, res.body.data.id);
    const sheet = await readSheet((await download(h.limitedToken, res.body.data.id)).raw);
    expect(sheet.rows.slice(1).map((r) => r[0])).toEqual([ids.b2, ids.b1]);

    await h.limitTo([]);
    const none = await exportAs(h.limitedToken, {});
    await h.settled(h.limitedToken, none.body.data.id);
    const empty = await readSheet((await download(h.limitedToken, none.body.data.id)).raw);
    expect(empty.rows).toEqual([ZH_HEADER]);
  });

  it("downloads own files only: 404 for somebody else's or unknown ids, 409 while generating", async () => {
    const own = (await h.list(h.adminToken)).find((f) => f.state === 1) as ExportFile;
    const foreign = await download(h.limitedToken, own.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toEqual({ status: -404, message: 'Not found', data: null });
    expect((await download(h.adminToken, 999_999)).statusCode).toBe(404);
    expect(
      (await h.call('/api/v2/backend/export/download/abc', {}, { token: h.adminToken })).statusCode,
    ).toBe(400);

    const [pending] = await h.app.db
      .insert(exportFile)
      .values({ accountId: h.admin.id, fileName: 'pending.xlsx', state: 0 })
      .returning();
    const generating = await h.call(
      EXPORT_API.download(pending?.id ?? 0),
      {},
      {
        token: h.adminToken,
        lang: 'zh-CN',
      },
    );
    expect(generating.statusCode).toBe(409);
    expect(generating.body.message).toBe('文件仍在生成中');

    // fileUrl with the token header or the user_token cookie; never another account's
    const url = own.fileUrl as string;
    expect((await h.call(url, undefined, { token: h.adminToken })).statusCode).toBe(200);
    const byCookie = await h.app.inject({ url, headers: { cookie: `user_token=${h.adminToken}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-disposition']).toContain('attachment');
    expect((await h.call(url, undefined, { token: h.limitedToken })).statusCode).toBe(404);
    expect((await h.call(url)).statusCode).toBe(401);
    expect(
      (await h.call(`${EXPORT_API.filePrefix}..%2Fsecret.xlsx`, undefined, { token: h.adminToken }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes the file with its row', async () => {
    const own = (await h.list(h.adminToken)).find((f) => f.state === 1) as ExportFile;
    const name = (own.fileUrl as string).slice(EXPORT_API.filePrefix.length);
    const path = join(h.dataDir, 'media', 'exports', name);
    expect(existsSync(path)).toBe(true);
    const res = await h.call(API.exportDelete(own.id), undefined, { token: h.adminToken, method: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect(existsSync(path)).toBe(false);
    expect((await download(h.adminToken, own.id)).statusCode).toBe(404);
  });

  it('validates the filters and the permission', async () => {
    const half = await exportAs(h.adminToken, { startTime: '2024-05-01T00:00:00Z' });
    expect(half.statusCode).toBe(400);
    expect(half.body.message).toBe('请选择开始时间和截止时间!');
    const level = await exportAs(h.adminToken, { priority: 42 }, 'en');
    expect(level.statusCode).toBe(400);
    expect(level.body.data).toMatchObject({ fields: [{ field: 'priority' }] });
    const zone = await exportAs(h.adminToken, { timeZone: 'Mars/Olympus' }, 'en');
    expect(zone.statusCode).toBe(400);
    expect(zone.body.data).toEqual({ fields: [{ field: 'timeZone', message: 'Invalid value' }] });
    expect((await exportAs(h.viewerToken, {})).statusCode).toBe(403);
    expect((await h.call(EXPORT, {})).statusCode).toBe(401);
  });

  it('marks an export failed (state 2, no fileUrl) when the file cannot be written', async () => {
    const dir = join(h.dataDir, 'media', 'exports');
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a directory');
    try {
      const res = await exportAs(h.adminToken, {});
      const failed = await h.settled(h.adminToken, res.body.data.id);
      expect(failed).toMatchObject({ state: 2, fileUrl: null });
      const answer = await h.call(EXPORT_API.download(failed.id), {}, { token: h.adminToken });
      expect(answer.statusCode).toBe(409);
      expect(answer.body.message).toBe('The file could not be generated');
    } finally {
      rmSync(dir, { force: true });
    }
  });

  it('reads every alarm once in keyset batches, ties and microseconds included', async () => {
    const tie = new Date('2024-07-01T00:00:00Z');
    const extra: number[] = [];
    for (let i = 0; i < 5; i++) extra.push((await insertTestAlarm(h.app, { alarmTime: tie })).id);
    await h.app.db
      .update(videoAlarm)
      .set({ alarmTime: sql`${videoAlarm.alarmTime} + interval '1 microsecond'` })
      .where(eq(videoAlarm.id, extra[0] as number));
    const seen: number[] = [];
    for await (const batch of alarmBatches(h.app.db, undefined, 2)) seen.push(...batch.map((r) => r.id));
    const expected = [extra[0], ...extra.slice(1).reverse(), ids.b2, ids.a3, ids.b1, ids.a2, ids.a1];
    expect(seen).toEqual(expected);
  });
});
