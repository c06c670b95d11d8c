import { PLAN_TASK_API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTaskRun } from '../../db/schema/index.ts';
import {
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { fakeClock, newTestTasks, registerTestTasks } from './test-support.ts';

/** Two instances on one PostgreSQL database (PGlite is one process's own database: nothing to share). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('plan tasks with two instances on postgres', () => {
  const clock = fakeClock(Date.parse('2026-03-02T08:00:30Z'));
  const state = newTestTasks();
  let tdb: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    const build = (instanceId: string) =>
      buildTestApp(
        tdb,
        { now: clock.now, instanceId },
        { beforeReady: (app) => registerTestTasks(app, state) },
      );
    a = await build('instance-a');
    b = await build('instance-b');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await tdb?.drop();
  });

  it('runs each due run exactly once, whichever instance claims it', async () => {
    const dueTimes = 12;
    for (let i = 0; i < dueTimes; i++) {
      clock.advance(5 * 60_000);
      // Both instances tick at once, twice each: one claim wins, the others find nothing due.
      await Promise.all([a.planTasks.tick(), b.planTasks.tick(), a.planTasks.tick(), b.planTasks.tick()]);
    }
    expect(state.counted).toHaveLength(dueTimes);
    const runs = await a.db.select().from(planTaskRun).where(eq(planTaskRun.code, 'testCount'));
    expect(runs).toHaveLength(dueTimes);
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true);
    expect(new Set(runs.map((r) => r.startedAt.getTime())).size).toBe(dueTimes);
  });

  it('refuses run now on one instance while the task runs on the other', async () => {
    const token = await login(b, await createAccount(b, { roles: ['admin'] }));
    const started = await a.planTasks.runNow('testGate');
    expect(started).not.toBeNull();
    const res = await b.inject({ method: 'POST', url: PLAN_TASK_API.run('testGate'), headers: { token } });
    expect(res.statusCode).toBe(409);
    state.gate.open();
    await started?.done;
    const again = await b.inject({ method: 'POST', url: PLAN_TASK_API.run('testGate'), headers: { token } });
    expect(again.statusCode).toBe(200);
    await b.planTasks.idle();
    const runs = await b.db.select().from(planTaskRun).where(eq(planTaskRun.code, 'testGate'));
    expect(runs.map((r) => r.instance).sort()).toEqual(['instance-a', 'instance-b']);
  });
});
