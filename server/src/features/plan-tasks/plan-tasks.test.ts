import {
  type CronPreview,
  type Envelope,
  PLAN_TASK_API,
  PLAN_TASK_EVENT,
  type PlanTaskItem,
  type PlanTaskList,
  type PlanTaskRunList,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, planTaskRun } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { backends, createAccount, createAccountWithPages, login, useTestApp } from '../../test/helpers.ts';
import { fakeClock, newTestTasks, registerTestTasks } from './test-support.ts';

describe.each(backends)('plan tasks on %s', (backend) => {
  const clock = fakeClock(Date.parse('2026-03-02T08:00:30Z'));
  const state = newTestTasks();
  const h = useTestApp(backend, { now: clock.now }, { beforeReady: (app) => registerTestTasks(app, state) });
  let admin = '';
  const token = async () => {
    admin ||= await login(h.app, await createAccount(h.app, { roles: ['admin'] }));
    return admin;
  };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'en') => {
    const res = await h.app.inject({ method, url, headers: { token: await token(), lang }, payload });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const task = async (code: string) =>
    (await call<PlanTaskList>('GET', PLAN_TASK_API.tasks)).body.data.list.find((t) => t.code === code);
  const runs = async (code: string) =>
    (await call<PlanTaskRunList>('POST', PLAN_TASK_API.runs, { page: 1, limit: 50, code })).body.data;
  const audits = (action: string, target: string) =>
    h.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

  it("lists the product's tasks with their cron, next run and state", async () => {
    const { status, body } = await call<PlanTaskList>('GET', PLAN_TASK_API.tasks);
    expect(status).toBe(200);
    const codes = body.data.list.map((t) => t.code);
    for (const code of [
      'protocolLogRetention',
      'cameraCheckRetention',
      'queueSampleRetention',
      'imageChecks',
      'mediaOrphanSweep',
      'planTaskHistoryRetention',
    ]) {
      expect(codes).toContain(code);
    }
    const count = body.data.list.find((t) => t.code === 'testCount');
    expect(count).toMatchObject({ cron: '*/5 * * * *', enabled: true, runningBy: null, lastRunAt: null });
    expect(count?.nextRunAt).toBe('2026-03-02T08:05:00.000Z');
  });

  it('refuses a bad cron expression with a message in both languages, and audits a change', async () => {
    for (const cron of ['61 * * * *', '* * * *', 'every day', '* * * * * *']) {
      const en = await call('PUT', PLAN_TASK_API.task('testCount'), { cron });
      expect(en.status).toBe(400);
      expect(en.body.message).toMatch(/Not a valid cron expression/);
    }
    const zh = await call('PUT', PLAN_TASK_API.task('testCount'), { cron: '*/99 * * *' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toMatch(/不是有效的 cron 表达式/);
    const preview = await call<CronPreview>('POST', PLAN_TASK_API.preview, { cron: '0 3 * * 1' });
    expect(preview.body.data.valid).toBe(true);
    expect(preview.body.data.nextRuns).toHaveLength(5);
    expect((await call<CronPreview>('POST', PLAN_TASK_API.preview, { cron: 'nope' })).body.data).toEqual({
      valid: false,
      nextRuns: [],
    });

    const changed = await call<PlanTaskItem>('PUT', PLAN_TASK_API.task('testCount'), {
      cron: '*/10 * * * *',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.nextRunAt).toBe('2026-03-02T08:10:00.000Z');
    const off = await call<PlanTaskItem>('PUT', PLAN_TASK_API.task('testCount'), { enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, nextRunAt: null });
    await call('PUT', PLAN_TASK_API.task('testCount'), { cron: '*/5 * * * *', enabled: true });
    const entries = await audits('planTask.update', 'testCount');
    expect(entries).toHaveLength(3);
    expect(entries[0]?.detail).toMatchObject({
      before: { cron: '*/5 * * * *' },
      after: { cron: '*/10 * * * *' },
    });
    expect((await call('PUT', PLAN_TASK_API.task('noSuchTask'), { enabled: false })).status).toBe(404);
  });

  it('runs a due task once per due time on the schedule, and records it', async () => {
    const next = await task('testCount');
    clock.set(new Date(Date.parse(next?.nextRunAt ?? '') + 1_000));
    const before = state.counted.length;
    expect(await h.app.planTasks.tick()).toContain('testCount');
    expect(await h.app.planTasks.tick()).not.toContain('testCount');
    expect(state.counted.length).toBe(before + 1);
    const after = await task('testCount');
    expect(after).toMatchObject({ lastOutcome: 'ok', runningBy: null });
    expect(Date.parse(after?.nextRunAt ?? '')).toBe(Date.parse(next?.nextRunAt ?? '') + 5 * 60_000);
    const [run] = (await runs('testCount')).list;
    expect(run).toMatchObject({ trigger: 'schedule', outcome: 'ok', summary: { counted: before + 1 } });
    expect(run?.instance).toBe(h.app.appConfig.instanceId);
    // A disabled task is not run when due; switched back on, it counts from then (no catch-up).
    await call('PUT', PLAN_TASK_API.task('testCount'), { enabled: false });
    clock.advance(60 * 60_000);
    expect(await h.app.planTasks.tick()).not.toContain('testCount');
    const on = await call<PlanTaskItem>('PUT', PLAN_TASK_API.task('testCount'), { enabled: true });
    expect(Date.parse(on.body.data.nextRunAt ?? '')).toBeGreaterThan(clock.now().getTime());
    expect(await h.app.planTasks.tick()).not.toContain('testCount');
  });

  it('never overlaps: run now while running is 409, and a due tick does not start a second run', async () => {
    expect((await call('PUT', PLAN_TASK_API.task('testGate'), { cron: '* * * * *' })).status).toBe(200);
    const first = await call<{ runId: number }>('POST', PLAN_TASK_API.run('testGate'));
    expect(first.status).toBe(200);
    expect((await task('testGate'))?.runningBy).toBe(h.app.appConfig.instanceId);
    const second = await call('POST', PLAN_TASK_API.run('testGate'));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This task is running now');
    clock.advance(3 * 60_000);
    expect(await h.app.planTasks.tick()).not.toContain('testGate');
    expect((await runs('testGate')).list.map((r) => r.outcome)).toEqual(['running']);
    state.gate.open();
    await h.app.planTasks.idle();
    const history = await runs('testGate');
    expect(history.list).toHaveLength(1);
    expect(history.list[0]).toMatchObject({ id: first.body.data.runId, trigger: 'manual', outcome: 'ok' });
    expect(history.list[0]?.summary).toEqual({ rows: 3 });
    expect(await audits('planTask.run', 'testGate')).toHaveLength(1);
    // Now free: the missed due run happens once at the next tick.
    expect(await h.app.planTasks.tick()).toContain('testGate');
    expect(await h.app.planTasks.tick()).not.toContain('testGate');
    await call('PUT', PLAN_TASK_API.task('testGate'), { cron: '0 0 1 1 *' });
  });

  it('records a throwing task as failed with an alert on the first failure, then on recovery', async () => {
    const events: BusEvent[] = [];
    const unsubscribe = h.app.bus.subscribe((e) => {
      if (e.type === PLAN_TASK_EVENT) events.push(e);
    });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await call('POST', PLAN_TASK_API.run('testFlaky'))).status).toBe(200);
        await h.app.planTasks.idle();
      }
      const failing = await task('testFlaky');
      expect(failing).toMatchObject({
        lastOutcome: 'failed',
        lastError: 'disk on fire',
        consecutiveFailures: 2,
      });
      expect(failing?.failingSince).not.toBeNull();
      const failed = await audits('planTask.failed', 'testFlaky');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.detail).toMatchObject({
        error: 'disk on fire',
        outcome: 'failed',
        trigger: 'manual',
      });
      expect(await audits('planTask.recovered', 'testFlaky')).toHaveLength(0);

      state.failing.value = false;
      await call('POST', PLAN_TASK_API.run('testFlaky'));
      await h.app.planTasks.idle();
      expect(await task('testFlaky')).toMatchObject({
        lastOutcome: 'ok',
        failingSince: null,
        consecutiveFailures: 0,
      });
      const recovered = await audits('planTask.recovered', 'testFlaky');
      expect(recovered).toHaveLength(1);
      expect(recovered[0]?.detail).toMatchObject({ failedRuns: 2 });
      const history = await runs('testFlaky');
      expect(history.list.map((r) => r.outcome)).toEqual(['ok', 'failed', 'failed']);
      expect(history.list[0]?.summary).toEqual({ deleted: 1203 });
      expect(history.list[1]?.error).toBe('disk on fire');
      const failedOnly = await call<PlanTaskRunList>('POST', PLAN_TASK_API.runs, {
        page: 1,
        limit: 10,
        code: 'testFlaky',
        outcome: 'failed',
      });
      expect(failedOnly.body.data.count).toBe(2);
      expect(events.map((e) => (e.data as { state: string }).state)).toEqual([
        'running',
        'failed',
        'running',
        'failed',
        'running',
        'ok',
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('aborts a run that hangs past its time limit and records it as timed out', async () => {
    expect((await call('POST', PLAN_TASK_API.run('testHang'))).status).toBe(200);
    await h.app.planTasks.idle();
    expect(state.hangAborted.value).toBe(true);
    const [run] = (await runs('testHang')).list;
    expect(run?.outcome).toBe('timedOut');
    expect(run?.error).toMatch(/time limit of 300 ms/);
    expect(run?.durationMs).toBeGreaterThanOrEqual(290);
    expect(await task('testHang')).toMatchObject({ lastOutcome: 'timedOut', runningBy: null });
    expect(await audits('planTask.failed', 'testHang')).toHaveLength(1);
  });

  it('keeps 90 days of history: the clean-up task deletes older runs', async () => {
    await h.app.db.insert(planTaskRun).values({
      code: 'testCount',
      trigger: 'schedule',
      instance: 'old',
      startedAt: new Date(clock.now().getTime() - 91 * 86_400_000),
      outcome: 'ok',
    });
    await call('POST', PLAN_TASK_API.run('planTaskHistoryRetention'));
    await h.app.planTasks.idle();
    const [run] = (await runs('planTaskHistoryRetention')).list;
    expect(run).toMatchObject({ outcome: 'ok', summary: { deleted: 1 } });
    expect((await runs('testCount')).list.some((r) => r.instance === 'old')).toBe(false);
  });

  it('is for administrators only (403 for an account without planTask)', async () => {
    const other = await login(h.app, await createAccountWithPages(h.app, ['queueMonitoring']));
    const asOther = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      h.app.inject({ method, url, headers: { token: other }, payload });
    expect((await asOther('GET', PLAN_TASK_API.tasks)).statusCode).toBe(403);
    expect((await asOther('PUT', PLAN_TASK_API.task('testCount'), { enabled: false })).statusCode).toBe(403);
    expect((await asOther('POST', PLAN_TASK_API.run('testCount'))).statusCode).toBe(403);
    expect((await asOther('POST', PLAN_TASK_API.runs, { page: 1, limit: 10 })).statusCode).toBe(403);
    expect((await asOther('POST', PLAN_TASK_API.preview, { cron: '* * * * *' })).statusCode).toBe(403);
    expect((await task('testCount'))?.enabled).toBe(true);
  });
});
