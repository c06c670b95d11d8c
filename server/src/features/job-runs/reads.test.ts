import {
  type FixedAlarms,
  JOB_RUN_API,
  type JobRunDetail,
  type JobRunListResult,
  type LastRunCounts,
  type SafetyRate,
  translate,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, accountScene, fixedOperation, jobType, scene } from '../../db/schema/index.ts';
import { backends, createAccount, login } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness } from '../alarms/ingest-test-support.ts';
import { call, insertAlarm, insertEvent, insertRun } from './test-support.ts';

const DAY = 86_400_000;

describe.each(backends)('job run reads on %s', (backend) => {
  let h: IngestHarness;
  let sceneA: number;
  let sceneB: number;
  let fixedId: number;
  let scoped: string;
  let noMenu: string;
  const ids: Record<string, number> = {};
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);

  const list = (query: object, token = h.admin) =>
    call<JobRunListResult>(h.app, token, 'POST', JOB_RUN_API.list, { page: 1, limit: 10, ...query });

  beforeAll(async () => {
    h = await ingestHarness(backend);
    sceneA = h.refs.sceneId;
    const [type] = await h.app.db.insert(jobType).values({ name: '动火作业' }).returning();
    const [b] = await h.app.db
      .insert(scene)
      .values({ name: '2号炉区动火作业', kind: 'job', areaId: h.refs.areaId, jobTypeId: type?.id })
      .returning();
    if (!type || !b) throw new Error('fixtures');
    sceneB = b.id;
    const [fixed] = await h.app.db
      .insert(fixedOperation)
      .values({ sceneId: sceneB, jobTypeId: type.id })
      .returning();
    if (!fixed) throw new Error('fixed operation');
    fixedId = fixed.id;

    const a = { sceneId: sceneA, sceneName: '焦炉巡检' };
    const bb = { sceneId: sceneB, sceneName: '2号炉区动火作业', fixedOperationId: fixedId };
    const runs = {
      a1: {
        ...a,
        jobNumber: 'ZY-A-001',
        jobName: '焦炉巡检',
        state: 2,
        startTime: ago(20),
        endTime: ago(20),
      },
      a2: { ...a, jobNumber: 'ZY-A-002', state: 3, detection: 1, startTime: ago(10), endTime: ago(10) },
      a3: { ...a, jobNumber: 'ZY-A-003', state: 2, startTime: ago(5), endTime: ago(5) },
      a4: { ...a, jobNumber: 'ZY-A-004', state: 4, startTime: ago(3), endTime: ago(3) },
      a5: { ...a, jobNumber: 'ZY-A-005', state: 2, startTime: ago(2), endTime: ago(2) },
      aOld: { ...a, jobNumber: 'ZY-A-OLD', state: 3, startTime: ago(45), endTime: ago(45) },
      aRun: { ...a, jobNumber: 'ZY-A-RUN', state: 1, startTime: ago(0.1), endTime: null },
      b1: {
        ...bb,
        jobNumber: 'HOT-B-001',
        jobName: '动火作业',
        state: 2,
        startTime: ago(4),
        endTime: ago(4),
      },
      b2: { ...bb, jobNumber: 'HOT-B-002', jobName: '动火作业', state: 1, startTime: ago(1), endTime: null },
      none: { sceneId: null, jobNumber: 'ZY-NONE', startTime: ago(1) },
    };
    for (const [k, input] of Object.entries(runs)) ids[k] = (await insertRun(h.app, input)).id;

    // The timeline of b1: interleaved events and alarms, inserted out of order.
    const t = (minutes: number) => new Date(ago(4).getTime() + minutes * 60_000);
    const run = ids.b1;
    ids.alarm2 = (
      await insertAlarm(h.app, {
        historyAssignmentId: run,
        sceneId: sceneB,
        alarmTime: t(30),
        alarmImage: 'alarm/x.jpg',
      })
    ).id;
    ids.event1 = (
      await insertEvent(h.app, {
        historyAssignmentId: run,
        sceneId: sceneB,
        eventTime: t(10),
        eventName: '人员进入',
        eventImg: 'event/e.jpg',
      })
    ).id;
    ids.alarm1 = (
      await insertAlarm(h.app, {
        historyAssignmentId: run,
        sceneId: sceneB,
        alarmTime: t(20),
        priority: 120004,
        videoAlarmTypeName: '明火',
      })
    ).id;
    ids.event2 = (
      await insertEvent(h.app, {
        historyAssignmentId: run,
        sceneId: sceneB,
        eventTime: t(40),
        eventName: '作业结束',
      })
    ).id;
    // Another run's alarm and an alarm of no run stay out.
    await insertAlarm(h.app, { historyAssignmentId: ids.a1, sceneId: sceneA, alarmTime: t(25) });
    await insertAlarm(h.app, { sceneId: sceneB, alarmTime: t(26) });
    // The running b2 (latest of the fixed operation) has two alarms and one event.
    ids.b2alarm1 = (
      await insertAlarm(h.app, { historyAssignmentId: ids.b2, sceneId: sceneB, alarmTime: ago(0.9) })
    ).id;
    ids.b2alarm2 = (
      await insertAlarm(h.app, { historyAssignmentId: ids.b2, sceneId: sceneB, alarmTime: ago(0.5) })
    ).id;
    await insertEvent(h.app, { historyAssignmentId: ids.b2, sceneId: sceneB, eventTime: ago(0.8) });

    const acc = await createAccount(h.app, { roles: ['operator'] });
    await h.app.db.update(account).set({ allScenes: false }).where(eq(account.id, acc.id));
    await h.app.db.insert(accountScene).values({ accountId: acc.id, sceneId: sceneA });
    scoped = await login(h.app, acc);
    noMenu = await login(h.app, await createAccount(h.app, { roles: [] }));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists runs newest first with the count, paged', async () => {
    const all = await list({});
    expect(all.statusCode).toBe(200);
    expect(all.body.data.count).toBe(10);
    expect(all.body.data.list.map((r) => r.jobNumber).slice(0, 3)).toEqual([
      'ZY-A-RUN',
      'ZY-NONE',
      'HOT-B-002',
    ]);
    const page2 = await list({ page: 2, limit: 10 });
    expect(page2.body.data.list).toEqual([]);
    const small = await list({ page: 1, limit: 20 });
    expect(small.body.data.list).toHaveLength(10);
    expect((await list({ limit: 15 })).statusCode).toBe(400);
  });

  it('filters by scene, state, detection, job number and start time range', async () => {
    const numbers = async (query: object) =>
      (await list(query)).body.data.list.map((r) => r.jobNumber).sort();
    expect(await numbers({ sceneId: sceneB })).toEqual(['HOT-B-001', 'HOT-B-002']);
    expect(await numbers({ state: 3 })).toEqual(['ZY-A-002', 'ZY-A-OLD']);
    expect(await numbers({ detection: 1 })).toEqual(['ZY-A-002']);
    expect(await numbers({ jobNumber: 'hot-b' })).toEqual(['HOT-B-001', 'HOT-B-002']);
    expect(await numbers({ jobNumber: '焦炉' })).toEqual(['ZY-A-001']);
    expect(await numbers({ jobNumber: '%' })).toEqual([]);
    const range = { startTime: ago(6).toISOString(), endTime: ago(1.5).toISOString() };
    expect(await numbers(range)).toEqual(['HOT-B-001', 'ZY-A-003', 'ZY-A-004', 'ZY-A-005']);
    expect(await numbers({ ...range, sceneId: sceneA, state: 2 })).toEqual(['ZY-A-003', 'ZY-A-005']);
    const half = await list({ startTime: ago(6).toISOString() });
    expect(half.statusCode).toBe(400);
    expect(half.body.message).toBe(translate('time.rangeRequired', 'en'));
  });

  it('detail: the run with its events and alarms in time order', async () => {
    const res = await call<JobRunDetail>(h.app, h.admin, 'GET', JOB_RUN_API.detail(ids.b1 as number));
    expect(res.statusCode).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id: ids.b1, jobNumber: 'HOT-B-001', state: 2, eventCount: 2, alarmCount: 2 });
    expect(d.timeline.map((e) => [e.kind, e.id])).toEqual([
      ['event', ids.event1],
      ['alarm', ids.alarm1],
      ['alarm', ids.alarm2],
      ['event', ids.event2],
    ]);
    expect(d.timeline[0]).toMatchObject({ name: '人员进入', level: null, state: null });
    expect(d.timeline[0]?.image).toMatch(/event\/e\.jpg$/);
    expect(d.timeline[1]).toMatchObject({ name: '明火', level: 120004, state: 1 });
    expect(d.timeline[2]?.image).toMatch(/alarm\/x\.jpg$/);
    const empty = await call<JobRunDetail>(h.app, h.admin, 'GET', JOB_RUN_API.detail(ids.a3 as number));
    expect(empty.body.data.timeline).toEqual([]);
  });

  it("sceneId: the run's scene", async () => {
    const res = await call<number | null>(h.app, h.admin, 'GET', JOB_RUN_API.sceneId(ids.b1 as number));
    expect(res.body.data).toBe(sceneB);
    const none = await call<number | null>(h.app, h.admin, 'GET', JOB_RUN_API.sceneId(ids.none as number));
    expect(none.body.data).toBeNull();
  });

  it('safety rate: completed runs of the last 30 days that completed normally', async () => {
    const res = await call<SafetyRate>(h.app, h.admin, 'GET', JOB_RUN_API.safetyRate(sceneA));
    expect(res.statusCode).toBe(200);
    // a1, a3, a5 normal; a2 violation; a4 undetermined; aOld is too old; aRun is running.
    expect(res.body.data).toEqual({
      sceneId: sceneA,
      days: 30,
      total: 5,
      normal: 3,
      violation: 1,
      undetermined: 1,
      rate: 60,
    });
    const [c] = await h.app.db.insert(scene).values({ name: '空场景', areaId: h.refs.areaId }).returning();
    const none = await call<SafetyRate>(h.app, h.admin, 'GET', JOB_RUN_API.safetyRate(c?.id as number));
    expect(none.body.data).toMatchObject({ total: 0, rate: null });
  });

  it("queryLastHistoryEventCount: counts of the scene's last run", async () => {
    const res = await call<LastRunCounts>(h.app, h.admin, 'GET', JOB_RUN_API.lastEventCount(sceneB));
    expect(res.body.data).toEqual({
      sceneId: sceneB,
      historyAssignmentId: ids.b2,
      jobNumber: 'HOT-B-002',
      state: 1,
      eventCount: 1,
      alarmCount: 2,
    });
  });

  it("selectFixedAlarm: the alarms of the fixed operation's latest run, newest first", async () => {
    const res = await call<FixedAlarms>(h.app, h.admin, 'GET', JOB_RUN_API.fixedAlarms(fixedId));
    expect(res.statusCode).toBe(200);
    expect(res.body.data.historyAssignmentId).toBe(ids.b2);
    expect(res.body.data.list.map((a) => a.id)).toEqual([ids.b2alarm2, ids.b2alarm1]);
    expect(res.body.data.list[0]).toMatchObject({ historyAssignmentId: ids.b2, sceneId: sceneB });
    expect((await call(h.app, h.admin, 'GET', JOB_RUN_API.fixedAlarms(999_999))).statusCode).toBe(404);
  });

  it('scene authority: a scoped account sees only its scenes; others are 404', async () => {
    const res = await list({}, scoped);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.count).toBe(7);
    expect(res.body.data.list.every((r) => r.sceneId === sceneA)).toBe(true);
    expect((await list({ sceneId: sceneB }, scoped)).body.data.count).toBe(0);
    expect((await call(h.app, scoped, 'GET', JOB_RUN_API.detail(ids.a1 as number))).statusCode).toBe(200);
    for (const url of [
      JOB_RUN_API.detail(ids.b1 as number),
      JOB_RUN_API.detail(ids.none as number),
      JOB_RUN_API.sceneId(ids.b1 as number),
      JOB_RUN_API.safetyRate(sceneB),
      JOB_RUN_API.lastEventCount(sceneB),
      JOB_RUN_API.fixedAlarms(fixedId),
    ]) {
      const r = await call(h.app, scoped, 'GET', url);
      expect(r.statusCode, url).toBe(404);
    }
    expect((await call(h.app, scoped, 'GET', JOB_RUN_API.safetyRate(sceneA))).statusCode).toBe(200);
  });

  it('403 without the historyTask permission, 401 without a session', async () => {
    expect((await list({}, noMenu)).statusCode).toBe(403);
    expect((await call(h.app, noMenu, 'GET', JOB_RUN_API.detail(ids.a1 as number))).statusCode).toBe(403);
    const anonymous = await h.app.inject({ method: 'POST', url: JOB_RUN_API.list, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('404 for unknown ids (run and scene), 400 for malformed ids', async () => {
    const unknown = await call(h.app, h.admin, 'GET', JOB_RUN_API.detail(999_999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe(translate('error.notFound', 'en'));
    expect((await call(h.app, h.admin, 'GET', JOB_RUN_API.sceneId(999_999))).statusCode).toBe(404);
    expect((await call(h.app, h.admin, 'GET', JOB_RUN_API.safetyRate(999_999))).statusCode).toBe(404);
    expect((await call(h.app, h.admin, 'GET', JOB_RUN_API.lastEventCount(999_999))).statusCode).toBe(404);
    expect(
      (await call(h.app, h.admin, 'GET', '/api/v2/backend/historyAssignment/abc/detail')).statusCode,
    ).toBe(400);
  });
});
