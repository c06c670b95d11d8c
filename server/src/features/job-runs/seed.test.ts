import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fixedOperation,
  historyAssignment,
  jobType,
  plantNode,
  scene,
  videoAlarm,
} from '../../db/schema/index.ts';
import { backends, type buildTestApp, useTestApp } from '../../test/helpers.ts';
import { DEMO_RUNS, linkDemoRuns, seedJobRuns } from './seed.ts';
import { insertAlarm } from './test-support.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe.each(backends)('demo job runs seed on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: App;
  let jobSceneId: number;

  beforeAll(async () => {
    app = ctx.app;
    const [area] = await app.db.insert(plantNode).values({ kind: 'area', name: '泵房' }).returning();
    const [type] = await app.db.insert(jobType).values({ name: '受限空间作业' }).returning();
    if (!area || !type) throw new Error('fixtures');
    const [job] = await app.db
      .insert(scene)
      .values({ name: '泵房受限空间作业', kind: 'job', areaId: area.id, jobTypeId: type.id })
      .returning();
    await app.db.insert(scene).values({ name: '配电室巡检', kind: 'general', areaId: area.id });
    if (!job) throw new Error('scene');
    jobSceneId = job.id;
    await app.db.insert(fixedOperation).values({ sceneId: job.id, jobTypeId: type.id });
    await seedJobRuns(app.db, { mediaDir: '/nonexistent' });
  });

  it('seeds about 30 days of runs with a believable state mix', async () => {
    const rows = await app.db.select().from(historyAssignment);
    expect(rows.length).toBe(DEMO_RUNS + 2);
    const byState = (s: number) => rows.filter((r) => r.state === s).length;
    expect(byState(0)).toBe(1);
    expect(byState(1)).toBe(1);
    expect(byState(2)).toBeGreaterThan(DEMO_RUNS / 2);
    expect(byState(3)).toBeGreaterThan(5);
    expect(byState(4)).toBeGreaterThan(2);
    const now = Date.now();
    for (const r of rows) {
      if (r.startTime) expect(r.startTime.getTime()).toBeGreaterThan(now - 31 * 86_400_000);
      if (r.endTime && r.startTime) expect(r.endTime.getTime()).toBeGreaterThanOrEqual(r.startTime.getTime());
      if (r.endTime) expect(r.endTime.getTime()).toBeLessThan(now);
      if (r.state === 3) expect(r.detection).toBe(1);
    }
    expect(new Set(rows.map((r) => r.jobNumber)).size).toBe(rows.length);
    const job = rows.filter((r) => r.sceneId === jobSceneId);
    expect(job.every((r) => r.fixedOperationId !== null && r.jobName === '受限空间作业')).toBe(true);
    expect(rows.find((r) => r.sceneId !== jobSceneId)?.jobName).toBe('泵房日常巡检');
  });

  it('links alarms that happened during a run of their scene', async () => {
    const [run] = await app.db
      .select()
      .from(historyAssignment)
      .where(eq(historyAssignment.state, 2))
      .limit(1);
    if (!run?.startTime || !run.sceneId) throw new Error('no completed run');
    const during = await insertAlarm(app, {
      sceneId: run.sceneId,
      alarmTime: new Date(run.startTime.getTime() + 60_000),
    });
    const outside = await insertAlarm(app, {
      sceneId: run.sceneId,
      alarmTime: new Date(Date.now() - 40 * 86_400_000),
    });
    const linked = await linkDemoRuns(app.db);
    expect(linked.alarms).toBeGreaterThanOrEqual(1);
    const alarmOf = async (id: number) =>
      (await app.db.select().from(videoAlarm).where(eq(videoAlarm.id, id)))[0];
    const a = await alarmOf(during.id);
    expect(a?.historyAssignmentId).not.toBeNull();
    expect((await alarmOf(outside.id))?.historyAssignmentId).toBeNull();
    const [linkedRun] = await app.db
      .select()
      .from(historyAssignment)
      .where(eq(historyAssignment.id, a?.historyAssignmentId as number));
    expect(linkedRun?.detection).toBe(1);
    expect(a?.jobNumber).toBe(linkedRun?.jobNumber);
  });
});
