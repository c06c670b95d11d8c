import { type Envelope, JOB_RUN_API, type JobRunItem } from '@sentinel/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedOperation, historyAssignment, jobType, scene } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { backends } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness, multipartBody } from '../alarms/ingest-test-support.ts';
import { createEngine } from '../engines/routes.ts';

type IngestAnswer = Envelope<{ id: number; created: boolean } | { run: JobRunItem } | null>;

describe.each(backends)('job run ingest on %s', (backend) => {
  let h: IngestHarness;
  let key: string;
  let seq = 0;
  const events: BusEvent[] = [];

  const ingest = async (payload: object, engineKey: string | null = key) => {
    const res = await h.app.inject({
      method: 'POST',
      url: JOB_RUN_API.ingest,
      headers: { lang: 'en', ...(engineKey === null ? {} : { 'x-engine-key': engineKey }) },
      payload,
    });
    return { statusCode: res.statusCode, body: res.json() as IngestAnswer };
  };
  const runOf = async (id: number) => {
    const [row] = await h.app.db.select().from(historyAssignment).where(eq(historyAssignment.id, id));
    if (!row) throw new Error(`run ${id} missing`);
    return row;
  };
  const nextRunId = () => `run-${++seq}`;

  beforeAll(async () => {
    h = await ingestHarness(backend);
    key = (await createEngine(h.app.db, '作业引擎')).key;
    h.app.bus.subscribe((event) => {
      if (event.type === 'jobRun.updated') events.push(event);
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a run, then moves it 0 → 1 → 2, each published to the scene audience', async () => {
    const runId = nextRunId();
    const created = await ingest({
      runId,
      jobNumber: 'ZY-001',
      jobName: '焦炉顶部检修',
      sceneId: h.refs.sceneId,
      state: 0,
    });
    expect(created.statusCode).toBe(200);
    const { id, created: isNew } = created.body.data as { id: number; created: boolean };
    expect(isNew).toBe(true);
    let row = await runOf(id);
    expect(row).toMatchObject({ state: 0, detection: 0, sceneName: '焦炉巡检', areaName: '1号焦炉' });
    expect(row.startTime).toBeNull();
    expect(events.at(-1)).toMatchObject({
      type: 'jobRun.updated',
      audience: { sceneId: h.refs.sceneId },
      data: { id, state: 0, jobNumber: 'ZY-001' },
    });

    const started = await ingest({ runId, state: 1, startTime: '2024-05-01T08:00:00Z' });
    expect(started.statusCode).toBe(200);
    expect(started.body.data).toEqual({ id, created: false });
    row = await runOf(id);
    expect(row.state).toBe(1);
    expect(row.startTime?.toISOString()).toBe('2024-05-01T08:00:00.000Z');
    expect(row.jobName).toBe('焦炉顶部检修');

    const done = await ingest({ runId, state: 2 });
    expect(done.statusCode).toBe(200);
    row = await runOf(id);
    expect(row.state).toBe(2);
    expect(row.endTime).not.toBeNull();
    expect(events.at(-1)).toMatchObject({ data: { id, state: 2 } });
  });

  it('refuses a forbidden state change with 409 and the current run', async () => {
    const runId = nextRunId();
    const first = await ingest({ runId, sceneId: h.refs.sceneId, state: 1 });
    const id = (first.body.data as { id: number }).id;
    const back = await ingest({ runId, state: 0 });
    expect(back.statusCode).toBe(409);
    expect(back.body.message).toBe("This state change is not allowed from the job run's current state");
    expect((back.body.data as { run: JobRunItem }).run).toMatchObject({ id, state: 1 });

    expect((await ingest({ runId, state: 3 })).statusCode).toBe(200);
    const row = await runOf(id);
    expect(row).toMatchObject({ state: 3, detection: 1 });
    const reopen = await ingest({ runId, state: 1 });
    expect(reopen.statusCode).toBe(409);
    expect((reopen.body.data as { run: JobRunItem }).run.state).toBe(3);

    // 0 → 4 (never started) is allowed, 0 → 2 is not.
    const other = nextRunId();
    await ingest({ runId: other, sceneId: h.refs.sceneId, state: 0 });
    expect((await ingest({ runId: other, state: 2 })).statusCode).toBe(409);
    expect((await ingest({ runId: other, state: 4 })).statusCode).toBe(200);
  });

  it('a repeated report is idempotent: one run, same id', async () => {
    const runId = nextRunId();
    const payload = { runId, jobNumber: 'ZY-DUP', sceneId: h.refs.sceneId, state: 1 };
    const a = await ingest(payload);
    const b = await ingest(payload);
    expect(b.statusCode).toBe(200);
    expect(b.body.data).toEqual({ id: (a.body.data as { id: number }).id, created: false });
    const [n] = await h.app.db
      .select({ n: count() })
      .from(historyAssignment)
      .where(eq(historyAssignment.engineRunId, runId));
    expect(Number(n?.n)).toBe(1);
  });

  it('the same runId of another engine is another run', async () => {
    const other = (await createEngine(h.app.db, '第二引擎')).key;
    const runId = nextRunId();
    const a = await ingest({ runId, sceneId: h.refs.sceneId, state: 0 });
    const b = await ingest({ runId, sceneId: h.refs.sceneId, state: 0 }, other);
    expect((b.body.data as { created: boolean }).created).toBe(true);
    expect((b.body.data as { id: number }).id).not.toBe((a.body.data as { id: number }).id);
  });

  it('answers 401 without or with a wrong engine key', async () => {
    const payload = { runId: nextRunId(), sceneId: h.refs.sceneId, state: 0 };
    const none = await ingest(payload, null);
    expect(none.statusCode).toBe(401);
    expect(none.body.message).toBe('Invalid engine key');
    expect((await ingest(payload, 'not-a-key')).statusCode).toBe(401);
  });

  it('answers 400 on bad input: no scene on creation, unknown scene, bad state or time', async () => {
    const noScene = await ingest({ runId: nextRunId(), state: 0 });
    expect(noScene.statusCode).toBe(400);
    expect(JSON.stringify(noScene.body.data)).toContain('sceneId');
    expect((await ingest({ runId: nextRunId(), sceneId: 999_999, state: 0 })).statusCode).toBe(400);
    expect((await ingest({ runId: nextRunId(), sceneId: h.refs.sceneId, state: 7 })).statusCode).toBe(400);
    expect(
      (await ingest({ runId: nextRunId(), sceneId: h.refs.sceneId, state: 1, startTime: 'yesterday' }))
        .statusCode,
    ).toBe(400);
    expect((await ingest({ sceneId: h.refs.sceneId, state: 0 })).statusCode).toBe(400);
  });

  it('a fixed operation gives the scene and the default job name', async () => {
    const [type] = await h.app.db.insert(jobType).values({ name: '受限空间作业' }).returning();
    const [sc] = await h.app.db
      .insert(scene)
      .values({ name: '泵房受限空间', kind: 'job', areaId: h.refs.areaId, jobTypeId: type?.id })
      .returning();
    if (!type || !sc) throw new Error('fixtures');
    const [fixed] = await h.app.db
      .insert(fixedOperation)
      .values({ sceneId: sc.id, jobTypeId: type.id })
      .returning();
    if (!fixed) throw new Error('fixed operation');
    const res = await ingest({ runId: nextRunId(), fixedOperationId: fixed.id, state: 1 });
    expect(res.statusCode).toBe(200);
    const row = await runOf((res.body.data as { id: number }).id);
    expect(row).toMatchObject({ sceneId: sc.id, fixedOperationId: fixed.id, jobName: '受限空间作业' });
    expect(row.startTime).not.toBeNull();
    // A scene that contradicts the fixed operation's is refused.
    const wrong = await ingest({
      runId: nextRunId(),
      fixedOperationId: fixed.id,
      sceneId: h.refs.sceneId,
      state: 0,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('an alarm ingested for a run marks its detection as violation', async () => {
    const res = await ingest({
      runId: nextRunId(),
      jobNumber: 'ZY-ALARM',
      sceneId: h.refs.sceneId,
      state: 1,
    });
    const id = (res.body.data as { id: number }).id;
    expect((await runOf(id)).detection).toBe(0);
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#555' } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartBody(
      {
        eventId: `alarm-${seq}`,
        cameraId: String(h.refs.cameraId),
        sceneId: String(h.refs.sceneId),
        algorithmCode: 'helmet',
        historyAssignmentId: String(id),
        jobNumber: 'ZY-ALARM',
      },
      [{ field: 'image', data: jpeg }],
    );
    const alarm = await h.app.inject({
      method: 'POST',
      url: '/api/v2/backend/ingest/videoAlarm',
      headers: { ...headers, 'x-engine-key': key },
      payload,
    });
    expect(alarm.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await runOf(id)).detection).toBe(1), { timeout: 5000 });
    expect(
      events.some((e) => (e.data as JobRunItem).id === id && (e.data as JobRunItem).detection === 1),
    ).toBe(true);
    // The engine reporting "normal" later does not clear a detected violation.
    await ingest({ runId: `run-${seq}`, state: 2, detection: 0 });
    expect(await runOf(id)).toMatchObject({ state: 2, detection: 1 });
  });
});
