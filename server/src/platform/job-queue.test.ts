import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueue } from '../db/schema/index.ts';
import {
  backends,
  buildTestApp,
  createTestDatabase,
  type TestDatabase,
  useTestApp,
} from '../test/helpers.ts';
import { claimJob, enqueueJob, finishJob, renewJob, sweepJobs } from './job-queue.ts';

const until = (ms: number) => new Date(Date.now() + ms);

describe.each(backends)('the job queue on %s', (backend) => {
  const t = useTestApp(backend);

  it('claims due jobs oldest first, once; retries later; sweeps an expired lease back into the queue, then fails it', async () => {
    const db = t.app.db;
    const first = await enqueueJob(db, 'q-basic', { n: 1 }, { maxAttempts: 2 });
    await enqueueJob(db, 'q-basic', { n: 2 }, { runAfter: until(60_000) });
    const claimed = await claimJob<{ n: number }>(db, 'q-basic', 'me', new Date(), until(1_000));
    expect(claimed).toMatchObject({ id: first, payload: { n: 1 }, attempts: 1 });
    // the other job is not due yet; the claimed one is not claimed again
    expect(await claimJob(db, 'q-basic', 'you', new Date(), until(1_000))).toBeNull();
    expect(await renewJob(db, first, 'you', until(1_000))).toBe(false);
    expect(await renewJob(db, first, 'me', until(-1))).toBe(true);
    const swept = await sweepJobs(db, 'q-basic', new Date());
    expect(swept.requeued.map((j) => j.id)).toEqual([first]);
    // its owner can no longer finish it
    expect(await finishJob(db, first, 'me', { state: 'done' })).toBe(false);
    const again = await claimJob(db, 'q-basic', 'you', new Date(), until(-1));
    expect(again).toMatchObject({ id: first, attempts: 2 });
    const last = await sweepJobs(db, 'q-basic', new Date());
    expect(last.failed.map((j) => j.id)).toEqual([first]);
    const [row] = await db.select().from(jobQueue).where(eq(jobQueue.id, first));
    expect(row).toMatchObject({ state: 'failed', owner: null });
    expect(row?.lastError).toMatch(/lease of you expired/);
  });

  it('a job enqueued in the same millisecond as the claim is due (the database keeps microseconds)', async () => {
    const db = t.app.db;
    const id = await enqueueJob(db, 'q-same-ms', {});
    // Give run_after microseconds past a whole millisecond, as the database's own now() does.
    await db.execute(sql`UPDATE job_queue SET run_after = '2026-03-01T08:00:00.123789Z' WHERE id = ${id}`);
    const claimed = await claimJob(db, 'q-same-ms', 'me', new Date('2026-03-01T08:00:00.123Z'), until(1_000));
    expect(claimed?.id).toBe(id);
  });
});

describe.each(backends.filter((b) => b === 'postgres'))(
  'two server instances on one %s racing (PostgreSQL only: PGlite is one process)',
  () => {
    let tdb: TestDatabase;
    let apps: Awaited<ReturnType<typeof buildTestApp>>[] = [];
    beforeAll(async () => {
      tdb = await createTestDatabase('postgres');
      apps = [await buildTestApp(tdb, { instanceId: 'a' }), await buildTestApp(tdb, { instanceId: 'b' })];
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await tdb.drop();
    });

    it('never run the same job: 40 jobs claimed by two instances racing, each exactly once', async () => {
      const [a, b] = apps;
      if (!a || !b) throw new Error('apps not built');
      const ids = new Set<number>();
      for (let i = 0; i < 40; i += 1) ids.add(await enqueueJob(a.db, 'q-race', { i }));
      const claims: { id: number; owner: string }[] = [];
      const drain = async (app: typeof a, owner: string) => {
        for (;;) {
          const job = await claimJob(app.db, 'q-race', owner, new Date(), until(60_000));
          if (!job) return;
          claims.push({ id: job.id, owner });
        }
      };
      await Promise.all([drain(a, 'a'), drain(b, 'b'), drain(a, 'a'), drain(b, 'b')]);
      expect(claims).toHaveLength(40);
      expect(new Set(claims.map((c) => c.id))).toEqual(ids);
      expect(new Set(claims.map((c) => c.owner))).toEqual(new Set(['a', 'b']));
      // and two sweeps racing hand an expired job back once
      const rows = await a.db
        .update(jobQueue)
        .set({ leaseUntil: until(-1) })
        .where(eq(jobQueue.queue, 'q-race'))
        .returning();
      expect(rows).toHaveLength(40);
      const [sa, sb] = await Promise.all([
        sweepJobs(a.db, 'q-race', new Date()),
        sweepJobs(b.db, 'q-race', new Date()),
      ]);
      expect(sa.requeued.length + sb.requeued.length).toBe(40);
    });
  },
);
