import {
  type Envelope,
  IMAGE_CHECK_API,
  type ImageCheckListResult,
  type MatrixResult,
  RUN_EVIDENCE_API,
  type RunLogResult,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  accountScene,
  algorithm,
  cameraHealth,
  cameraOutage,
  imageCheck,
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
import { silenceThreshold } from './rules.ts';

const H = 3_600_000;
const NOW = Date.parse('2025-03-10T12:00:00Z');
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * H);

/*
 * Bindings (NOW = 2025-03-10 12:00 UTC; camera A online, camera B offline since 3 h ago):
 *  b1 scene A × camera A × algo A — 14 alarms, the last 70 h ago: threshold 5 × 7 d / 14 = 60 h → silent
 *  b2 scene A × camera A × algo B — alarms 1 h, 2 h and 30 h ago; the 1 h one's image is missing → amber
 *  b5 scene A × camera A × algo C — one alarm 3 h ago with a sound image → green
 *  b3 scene B × camera B × algo A — one alarm 5 h ago; camera offline, 87.5 % available → red
 *  b4 scene B × camera A × algo B — disabled → grey
 */
describe.each(backends)('run evidence on %s', (backend) => {
  const t = useTestApp(backend, {
    now: () => new Date(NOW),
    sessionIdleMs: 365 * 24 * H,
    sessionAbsoluteMs: 365 * 24 * H,
  });
  let admin = '';
  let scoped = '';
  let r: TestRefs;
  let algoC = 0;
  const b: Record<string, number> = {};
  const call = apiCaller(
    () => t.app,
    () => admin,
  );
  const runLog = async (query: object, token = admin) => {
    const res = await call('POST', RUN_EVIDENCE_API.runLog, query, token);
    expect(res.statusCode).toBe(200);
    return (res.json() as Envelope<RunLogResult>).data;
  };
  const matrix = async (query: object = {}, token = admin) => {
    const res = await call('POST', RUN_EVIDENCE_API.matrix, query, token);
    expect(res.statusCode).toBe(200);
    return (res.json() as Envelope<MatrixResult>).data;
  };

  beforeAll(async () => {
    admin = await login(t.app, await createAccount(t.app, { roles: ['admin'] }));
    r = await createTestRefs(t.app);
    const [c] = await t.app.db
      .insert(algorithm)
      .values({ code: `fire-${NOW}`, name: 'fire' })
      .returning();
    algoC = c?.id ?? 0;
    const scs = await t.app.db
      .insert(sceneCamera)
      .values([
        { sceneId: r.sceneA, cameraId: r.cameraA },
        { sceneId: r.sceneB, cameraId: r.cameraB },
        { sceneId: r.sceneB, cameraId: r.cameraA },
      ])
      .returning();
    const [aa, bb, ba] = scs.map((s) => s.id);
    if (!aa || !bb || !ba) throw new Error('scene cameras');
    const rows = await t.app.db
      .insert(sceneCameraAlgorithm)
      .values([
        { sceneCameraId: aa, algorithmId: r.algoA, level: 1 },
        { sceneCameraId: aa, algorithmId: r.algoB, level: 1 },
        { sceneCameraId: bb, algorithmId: r.algoA, level: 1 },
        { sceneCameraId: ba, algorithmId: r.algoB, level: 1, enabled: false },
        { sceneCameraId: aa, algorithmId: algoC, level: 1 },
      ])
      .returning();
    for (const [i, key] of ['b1', 'b2', 'b3', 'b4', 'b5'].entries()) b[key] = rows[i]?.id ?? 0;

    await t.app.db.insert(cameraHealth).values([
      { cameraId: r.cameraA, online: true, since: at(200), lastEvidenceAt: at(0.01) },
      { cameraId: r.cameraB, online: false, since: at(3), lastEvidenceAt: at(3) },
    ]);
    await t.app.db.insert(cameraOutage).values([
      { cameraId: r.cameraB, startedAt: at(3), cause: 'stream' },
      // Before the matrix's window: does not count.
      { cameraId: r.cameraB, startedAt: at(40), endedAt: at(30), cause: 'stream', durationSeconds: 36000 },
    ]);
    const alarm = (sceneId: number, cameraId: number, algorithmId: number, hoursAgo: number) =>
      insertTestAlarm(t.app, { sceneId, cameraId, algorithmId, alarmTime: at(hoursAgo) });
    for (let i = 0; i < 14; i++) await alarm(r.sceneA, r.cameraA, r.algoA, 70 + i * 6);
    const b2Recent = await alarm(r.sceneA, r.cameraA, r.algoB, 1);
    await alarm(r.sceneA, r.cameraA, r.algoB, 2);
    await alarm(r.sceneA, r.cameraA, r.algoB, 30);
    const b5Alarm = await alarm(r.sceneA, r.cameraA, algoC, 3);
    const b3Alarm = await alarm(r.sceneB, r.cameraB, r.algoA, 5);
    // Same camera and algorithm, another scene: not b3's.
    await alarm(r.sceneA, r.cameraB, r.algoA, 4);
    // In the future of NOW: never counted.
    await alarm(r.sceneA, r.cameraA, r.algoB, -2);
    const check = (recordId: number, cameraId: number, hoursAgo: number, problem: string | null) => ({
      source: 'alarm',
      recordId,
      cameraId,
      imageType: 'original',
      occurredAt: at(hoursAgo),
      path: 'alarm/x.jpg',
      problem,
    });
    await t.app.db
      .insert(imageCheck)
      .values([
        check(b2Recent.id, r.cameraA, 1, 'missing'),
        check(b5Alarm.id, r.cameraA, 3, null),
        check(b3Alarm.id, r.cameraB, 5, 'unreadable'),
      ]);

    // An account limited to scene A with the three pages.
    const acc = await createAccountWithPages(t.app, ['alarmRunLog', 'sceneCameraAlgorithms', 'alarmImg']);
    await t.app.db.update(account).set({ allScenes: false }).where(eq(account.id, acc.id));
    await t.app.db.insert(accountScene).values({ accountId: acc.id, sceneId: r.sceneA });
    scoped = await login(t.app, acc);
  });

  it('the silence threshold: 5 × the mean 7-day interval, at least 1 h, none under 3 alarms', () => {
    expect(silenceThreshold(14)).toBe(216_000);
    expect(silenceThreshold(3)).toBe(1_008_000);
    expect(silenceThreshold(2)).toBeNull();
    expect(silenceThreshold(10_000)).toBe(3600);
  });

  it('run log over the default last 24 h: counts, rate, last alarm, silence from video_alarm rows', async () => {
    const log = await runLog({});
    expect(log.startTime).toBe(at(24).toISOString());
    expect(log.endTime).toBe(at(0).toISOString());
    expect(log.total).toBe(5);
    const by = new Map(log.rows.map((row) => [row.bindingId, row]));
    expect(by.get(b.b1 ?? 0)).toMatchObject({
      alarmsInRange: 0,
      ratePerHour: 0,
      weekAlarms: 14,
      lastAlarmAt: at(70).toISOString(),
      silenceSeconds: 70 * 3600,
      thresholdSeconds: 216_000,
      cameraOnline: true,
      silent: true,
    });
    expect(by.get(b.b2 ?? 0)).toMatchObject({
      alarmsInRange: 2,
      ratePerHour: 0.08,
      weekAlarms: 3,
      lastAlarmAt: at(1).toISOString(),
      silenceSeconds: 3600,
      silent: false,
    });
    expect(by.get(b.b3 ?? 0)).toMatchObject({ alarmsInRange: 1, weekAlarms: 1, cameraOnline: false });
    expect(by.get(b.b4 ?? 0)).toMatchObject({ enabled: false, alarmsInRange: 0, lastAlarmAt: null });
  });

  it('a past range: the silence is measured to its end, the baseline is the 7 days before it', async () => {
    const log = await runLog({
      startTime: at(168).toISOString(),
      endTime: at(48).toISOString(),
      sceneId: r.sceneA,
      algorithmId: r.algoA,
    });
    expect(log.referenceTime).toBe(at(48).toISOString());
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({
      bindingId: b.b1,
      alarmsInRange: 14,
      ratePerHour: 0.12,
      silenceSeconds: 22 * 3600,
      silent: false,
    });
  });

  it('filters by scene, camera and algorithm, and pages', async () => {
    expect((await runLog({ sceneId: r.sceneA })).rows.map((row) => row.bindingId).sort()).toEqual(
      [b.b1, b.b2, b.b5].sort(),
    );
    expect((await runLog({ cameraId: r.cameraB })).rows.map((row) => row.bindingId)).toEqual([b.b3]);
    expect((await runLog({ algorithmId: r.algoB })).rows.map((row) => row.bindingId).sort()).toEqual(
      [b.b2, b.b4].sort(),
    );
    const page2 = await runLog({ page: 2, limit: 2 });
    expect(page2.total).toBe(5);
    expect(page2.rows).toHaveLength(2);
  });

  it('the matrix colours each binding by its last 24 h of evidence', async () => {
    const m = await matrix();
    const by = new Map(m.cells.map((cell) => [cell.bindingId, cell]));
    expect(by.get(b.b1 ?? 0)).toMatchObject({ colour: 'amber', reasons: ['silent'], availability: 100 });
    expect(by.get(b.b2 ?? 0)).toMatchObject({
      colour: 'amber',
      reasons: ['imageProblems'],
      imageChecks: 1,
      imageProblems: 1,
      alarmsInRange: 2,
    });
    expect(by.get(b.b5 ?? 0)).toMatchObject({ colour: 'green', imageChecks: 1, imageProblems: 0 });
    // 3 h of open outage in 24 h: 87.5 %.
    expect(by.get(b.b3 ?? 0)).toMatchObject({
      colour: 'red',
      availability: 87.5,
      reasons: ['cameraOffline', 'lowAvailability', 'imageProblems'],
    });
    expect(by.get(b.b4 ?? 0)).toMatchObject({ colour: 'grey', reasons: ['disabled'] });
    // A cell's count is the run log's count for the same binding (the drill-down).
    const drill = await runLog({ sceneId: r.sceneA, cameraId: r.cameraA, algorithmId: r.algoB });
    expect(drill.rows.map((row) => row.alarmsInRange)).toEqual([by.get(b.b2 ?? 0)?.alarmsInRange]);
  });

  it('bad ids: 400 for malformed, 404 for unknown, never 500', async () => {
    for (const bad of [{ sceneId: -1 }, { cameraId: 'x' }, { algorithmId: 2 ** 40 }, { startTime: 'soon' }]) {
      expect((await call('POST', RUN_EVIDENCE_API.runLog, bad)).statusCode).toBe(400);
      expect((await call('POST', RUN_EVIDENCE_API.matrix, bad)).statusCode).toBe(
        'startTime' in bad ? 200 : 400,
      );
    }
    expect((await call('POST', RUN_EVIDENCE_API.runLog, { page: 1e20 })).statusCode).toBe(400);
    const half = await call('POST', RUN_EVIDENCE_API.runLog, { startTime: at(2).toISOString() });
    expect(half.statusCode).toBe(400);
    const reversed = await call('POST', RUN_EVIDENCE_API.runLog, {
      startTime: at(1).toISOString(),
      endTime: at(2).toISOString(),
    });
    expect(reversed.statusCode).toBe(400);
    for (const [field, message] of [
      ['sceneId', 'Scene not found'],
      ['cameraId', 'Camera not found'],
      ['algorithmId', 'Algorithm not found'],
    ] as const) {
      for (const path of [RUN_EVIDENCE_API.runLog, RUN_EVIDENCE_API.matrix]) {
        const res = await call('POST', path, { [field]: 999_999 });
        expect(res.statusCode).toBe(404);
        expect((res.json() as Envelope<unknown>).message).toBe(message);
      }
    }
  });

  it('scene authority: a user limited to scene A sees only scene A bindings and cameras', async () => {
    expect((await runLog({}, scoped)).rows.map((row) => row.bindingId).sort()).toEqual(
      [b.b1, b.b2, b.b5].sort(),
    );
    expect((await runLog({ sceneId: r.sceneB }, scoped)).rows).toEqual([]);
    expect((await matrix({}, scoped)).cells.map((cell) => cell.bindingId).sort()).toEqual(
      [b.b1, b.b2, b.b5].sort(),
    );
    const images = async (cameraId: number, token: string) => {
      const res = await call(
        'POST',
        IMAGE_CHECK_API.alarms,
        {
          cameraId,
          imageType: 'allProblems',
          startTime: '2025-03-01 00:00:00',
          endTime: '2025-03-11 00:00:00',
        },
        token,
      );
      expect(res.statusCode).toBe(200);
      return (res.json() as Envelope<ImageCheckListResult>).data;
    };
    // Camera B is bound to scene B only: its image checks are hidden from the scoped account.
    expect((await images(r.cameraB, admin)).total).toBe(1);
    expect(await images(r.cameraB, scoped)).toMatchObject({ total: 0, rows: [], counts: {} });
    expect((await images(r.cameraA, scoped)).total).toBe(1);
    // Pages without the permission are refused.
    const plain = await login(t.app, await createAccount(t.app, { roles: [] }));
    expect((await call('POST', RUN_EVIDENCE_API.runLog, {}, plain)).statusCode).toBe(403);
  });
});
