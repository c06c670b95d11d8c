import {
  type AlgorithmRunReport,
  type CameraRunReport,
  type Envelope,
  type MaintenanceWindowRow,
  RUN_REPORTS_API,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  accountScene,
  auditLog,
  cameraOutage,
  sceneCamera,
  sceneCameraAlgorithm,
} from '../../db/schema/index.ts';
import {
  apiCaller,
  backends,
  createAccount,
  createAccountWithPages,
  login,
  useTestApp,
} from '../../test/helpers.ts';
import { createTestRefs, insertTestAlarm, type TestRefs } from '../alarms/test-support.ts';

const H = 3_600_000;
const D = 24 * H;
const BASE = Date.parse('2025-03-10T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
/** Three UTC days: BASE−1, BASE, BASE+1 (today, observed up to now = BASE+1 12:00). */
const RANGE = { startTime: iso(BASE - D), endTime: iso(BASE + 2 * D - 1000), utcOffset: 0 };
const NOW = BASE + D + 12 * H;

describe.each(backends)('run reports (%s)', (backend) => {
  const t = useTestApp(backend, {
    now: () => new Date(NOW),
    sessionIdleMs: 365 * D,
    sessionAbsoluteMs: 365 * D,
  });
  let admin = '';
  let refs: TestRefs;
  const call = apiCaller(
    () => t.app,
    () => admin,
  );
  const camera = async (query: object = RANGE) =>
    (await call('POST', RUN_REPORTS_API.camera, query)).json() as Envelope<CameraRunReport>;
  const cell = (report: CameraRunReport, cameraId: number, day: number) =>
    report.rows.find((r) => r.cameraId === cameraId && r.day === iso(BASE + day * D).slice(0, 10));

  beforeAll(async () => {
    admin = await login(t.app, await createAccount(t.app, { roles: ['admin'] }));
    refs = await createTestRefs(t.app);
    await t.app.db.insert(cameraOutage).values([
      // Crosses midnight into BASE.
      {
        cameraId: refs.cameraA,
        startedAt: new Date(BASE - 2 * H),
        endedAt: new Date(BASE + 3 * H),
        cause: 'stream',
      },
      // Open: runs to now.
      { cameraId: refs.cameraA, startedAt: new Date(BASE + D + 6 * H), cause: 'stream' },
      {
        cameraId: refs.cameraB,
        startedAt: new Date(BASE + 11 * H),
        endedAt: new Date(BASE + 13 * H),
        cause: 'engine',
      },
    ]);
    const alarm = (cameraId: number, algorithmId: number, at: number, alarmState = 1) =>
      insertTestAlarm(t.app, {
        cameraId,
        algorithmId,
        alarmTime: new Date(at),
        alarmState,
        sceneId: refs.sceneA,
      });
    await alarm(refs.cameraA, refs.algoA, BASE + 1 * H);
    await alarm(refs.cameraA, refs.algoA, BASE + 5 * H, 3);
    await alarm(refs.cameraA, refs.algoA, BASE + D - 1);
    await alarm(refs.cameraB, refs.algoB, BASE + D + 1 * H);
    await alarm(refs.cameraB, refs.algoB, BASE + D + 2 * H);
    await alarm(refs.cameraB, refs.algoB, BASE + 3 * D); // outside the range
    const [scA] = await t.app.db
      .insert(sceneCamera)
      .values({ sceneId: refs.sceneA, cameraId: refs.cameraA })
      .returning();
    const [scB] = await t.app.db
      .insert(sceneCamera)
      .values({ sceneId: refs.sceneB, cameraId: refs.cameraB })
      .returning();
    if (!scA || !scB) throw new Error('scene cameras');
    await t.app.db.insert(sceneCameraAlgorithm).values([
      { sceneCameraId: scA.id, algorithmId: refs.algoA, level: 1 },
      { sceneCameraId: scB.id, algorithmId: refs.algoA, level: 1 },
      { sceneCameraId: scB.id, algorithmId: refs.algoB, level: 1 },
    ]);
  });

  it('computes availability, outages and alarms per camera per day (no maintenance yet)', async () => {
    const report = (await camera()).data;
    expect(report.days).toEqual(['2025-03-09', '2025-03-10', '2025-03-11']);
    expect(cell(report, refs.cameraA, -1)).toMatchObject({
      availability: 91.67,
      outages: 1,
      outageSeconds: 2 * 3600,
      alarms: 0,
    });
    expect(cell(report, refs.cameraA, 0)).toMatchObject({ availability: 87.5, outages: 1, alarms: 3 });
    // Today: observed 12 h, the open outage 6 h of it.
    expect(cell(report, refs.cameraA, 1)).toMatchObject({
      availability: 50,
      observedSeconds: 12 * 3600,
      outages: 1,
    });
    expect(cell(report, refs.cameraB, 0)).toMatchObject({ availability: 91.67, outages: 1 });
    expect(cell(report, refs.cameraB, 1)).toMatchObject({ availability: 100, outages: 0, alarms: 2 });
    const areaA = (await camera({ ...RANGE, areaId: refs.areaA })).data;
    expect(new Set(areaA.rows.map((r) => r.cameraId))).toEqual(new Set([refs.cameraA]));
  });

  it('validates, creates, lists and deletes maintenance windows (audited) and excludes them', async () => {
    const create = (body: object) => call('POST', RUN_REPORTS_API.maintenanceCreate, body);
    const refused = await create({
      cameraId: refs.cameraA,
      startsAt: iso(BASE + 2 * H),
      endsAt: iso(BASE + 2 * H),
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('The end must be after the start');
    const tooLong = await create({ startsAt: iso(BASE), endsAt: iso(BASE + 32 * D) });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('at most 31 days');
    expect((await create({ cameraId: 999_999, startsAt: iso(BASE), endsAt: iso(BASE + H) })).statusCode).toBe(
      400,
    );

    // Inside camera A's outage, and an all-camera window overlapping camera B's outage.
    const own = (
      await create({
        cameraId: refs.cameraA,
        startsAt: iso(BASE + 1 * H),
        endsAt: iso(BASE + 2 * H),
        reason: 'lens',
      })
    ).json() as Envelope<MaintenanceWindowRow>;
    const all = (
      await create({
        cameraId: null,
        startsAt: iso(BASE + 10 * H),
        endsAt: iso(BASE + 12 * H),
        reason: 'power',
      })
    ).json() as Envelope<MaintenanceWindowRow>;
    expect(own.data.cameraId).toBe(refs.cameraA);
    expect(all.data.cameraId).toBeNull();

    const listed = (
      await call('POST', RUN_REPORTS_API.maintenanceList, {
        page: 1,
        limit: 10,
        startTime: RANGE.startTime,
        endTime: RANGE.endTime,
      })
    ).json() as Envelope<{ list: MaintenanceWindowRow[]; count: number }>;
    expect(listed.data.count).toBe(2);
    expect(listed.data.list.map((w) => w.reason)).toEqual(['power', 'lens']);

    const report = (await camera()).data;
    // A on BASE: observed 24 − 1 − 2 = 21 h, down 3 − 1 = 2 h.
    expect(cell(report, refs.cameraA, 0)?.availability).toBeCloseTo((19 / 21) * 100, 2);
    expect(cell(report, refs.cameraA, 0)?.observedSeconds).toBe(21 * 3600);
    // B on BASE: observed 22 h, down 12:00–13:00 only.
    expect(cell(report, refs.cameraB, 0)?.availability).toBeCloseTo((21 / 22) * 100, 2);

    const del = await call('DELETE', RUN_REPORTS_API.maintenanceDelete.replace(':id', String(all.data.id)));
    expect(del.statusCode).toBe(200);
    expect(
      (await call('DELETE', RUN_REPORTS_API.maintenanceDelete.replace(':id', String(all.data.id))))
        .statusCode,
    ).toBe(404);
    expect(cell((await camera()).data, refs.cameraB, 0)?.availability).toBe(91.67);

    const actions = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, String(all.data.id)));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'maintenanceWindow.create',
      'maintenanceWindow.delete',
    ]);
  });

  it('reports per algorithm: alarms, false positives, cameras and their mean availability', async () => {
    const res = (await call('POST', RUN_REPORTS_API.algorithm, RANGE)).json() as Envelope<AlgorithmRunReport>;
    const cams = (await camera()).data;
    const row = (algorithmId: number, day: number) =>
      res.data.rows.find((r) => r.algorithmId === algorithmId && r.day === iso(BASE + day * D).slice(0, 10));
    const a0 = row(refs.algoA, 0);
    expect(a0).toMatchObject({ alarms: 3, falsePositives: 1, cameras: 2 });
    const mean =
      ((cell(cams, refs.cameraA, 0)?.availability ?? 0) + (cell(cams, refs.cameraB, 0)?.availability ?? 0)) /
      2;
    expect(a0?.availability).toBeCloseTo(mean, 1);
    expect(row(refs.algoB, 1)).toMatchObject({ alarms: 2, falsePositives: 0, cameras: 1, availability: 100 });
    expect(row(refs.algoB, -1)).toMatchObject({ alarms: 0, cameras: 1 });
  });

  it("counts only what the caller's scene authority shows", async () => {
    const acc = await createAccountWithPages(t.app, ['cameraRunReport', 'algorithmRunReport']);
    await t.app.db.update(account).set({ allScenes: false }).where(eq(account.id, acc.id));
    await t.app.db.insert(accountScene).values({ accountId: acc.id, sceneId: refs.sceneB });
    const token = await login(t.app, acc);
    // Scene B shows camera B (bound to it) but none of the alarms, which all belong to scene A.
    const cams = (
      (await call('POST', RUN_REPORTS_API.camera, RANGE, token)).json() as Envelope<CameraRunReport>
    ).data;
    expect([...new Set(cams.rows.map((r) => r.cameraId))]).toEqual([refs.cameraB]);
    expect(cams.rows.reduce((n, r) => n + r.alarms, 0)).toBe(0);
    const algos = (
      (await call('POST', RUN_REPORTS_API.algorithm, RANGE, token)).json() as Envelope<AlgorithmRunReport>
    ).data;
    // Both algorithms run on camera B in scene B; algorithm A's camera in scene A is not counted.
    expect([...new Set(algos.rows.map((r) => r.algorithmId))].sort()).toEqual(
      [refs.algoA, refs.algoB].sort(),
    );
    expect(algos.rows.every((r) => r.alarms === 0 && r.cameras === 1)).toBe(true);
  });

  it('refuses an account without the report permissions', async () => {
    const nobody = await login(t.app, await createAccount(t.app, { roles: [] }));
    expect((await call('POST', RUN_REPORTS_API.camera, RANGE, nobody)).statusCode).toBe(403);
    expect((await call('POST', RUN_REPORTS_API.algorithm, RANGE, nobody)).statusCode).toBe(403);
    const window = { startsAt: iso(BASE), endsAt: iso(BASE + H) };
    expect((await call('POST', RUN_REPORTS_API.maintenanceCreate, window, nobody)).statusCode).toBe(403);
  });

  it('refuses a range over 92 days', async () => {
    const res = await call('POST', RUN_REPORTS_API.camera, {
      startTime: iso(BASE - 100 * D),
      endTime: iso(BASE),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('at most 92 days');
  });

  it('downloads the camera and algorithm reports as xlsx holding the rows', async () => {
    const qs = new URLSearchParams({ ...RANGE, utcOffset: '0', lang: 'zh-CN' }).toString();
    const res = await t.app.inject({
      method: 'GET',
      url: `${RUN_REPORTS_API.cameraExport}?${qs}`,
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('摄像机运行报告');
    const rows: unknown[][] = [];
    sheet?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]?.[0]).toBe('日期');
    const report = (await camera()).data;
    expect(rows.length - 1).toBe(report.rows.length);
    const a0 = cell(report, refs.cameraA, 0);
    expect(rows).toContainEqual([
      a0?.day,
      a0?.cameraName,
      a0?.areaName,
      a0?.availability,
      a0?.outages,
      a0?.outageSeconds,
      a0?.alarms,
    ]);

    const alg = await t.app.inject({
      method: 'GET',
      url: `${RUN_REPORTS_API.algorithmExport}?${qs.replace('zh-CN', 'en')}`,
      headers: { token: admin },
    });
    const algBook = new ExcelJS.Workbook();
    await algBook.xlsx.load(alg.rawPayload as unknown as ArrayBuffer);
    expect(algBook.worksheets[0]?.getRow(1).getCell(2).value).toBe('Algorithm');
    expect(algBook.worksheets[0]?.rowCount).toBe(1 + 2 * 3);
  });
});
