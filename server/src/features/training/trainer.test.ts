import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  TRAINING_API,
  TRAINING_STATE,
  type TrainerJob,
  type TrainerManifest,
  type TrainingJobItem,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithmVersion, trainingJob } from '../../db/schema/index.ts';
import { backends, body, buildTestApp, createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { createEngine } from '../engines/routes.ts';
import {
  createDatasetVersion,
  createInstance,
  expectRefusedAsIs,
  getJob,
  injected,
  removeDir,
  startJob,
  tempDataDir,
  tokens,
  trainingConfig,
  waitForJob,
} from './test-support.ts';

const dataDir = tempDataDir();
afterAll(() => removeDir(dataDir));

/** A real fake trainer: an HTTP server that takes jobs (the product POSTs them) and is driven by the test. */
function fakeTrainer() {
  const jobs: TrainerJob[] = [];
  const state = { refuse: false, posts: 0 };
  const waiters: ((job: TrainerJob) => void)[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/jobs' && state.refuse) {
        state.posts += 1;
        res.writeHead(503).end();
        return;
      }
      if (req.method === 'POST' && req.url === '/jobs') {
        const job = JSON.parse(raw) as TrainerJob;
        jobs.push(job);
        waiters.shift()?.(job);
      }
      res.writeHead(202).end();
    });
  });
  return {
    jobs,
    state,
    server,
    next: () => new Promise<TrainerJob>((resolve) => waiters.push(resolve)),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
  };
}

const asAnswer = (res: { status: number; body: unknown }) => ({ status: res.status, json: res.body });

/** The trainer's HTTP call to the product (over the network, with its engine key). */
async function callback(
  url: string,
  key: string,
  init: { method?: string; json?: unknown; form?: FormData } = {},
) {
  const response = await fetch(url, {
    method: init.method ?? 'POST',
    headers: {
      'x-engine-key': key,
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as { data: unknown; message: string },
  };
}

describe.each(backends)('the trainer contract with a real fake trainer on %s', (backend) => {
  const trainer = fakeTrainer();
  let app: FastifyInstance;
  let tdb: TestDatabase;
  let admin = '';
  let key = '';
  let otherKey = '';
  beforeAll(async () => {
    const trainerUrl = await trainer.listen();
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb, trainingConfig(dataDir, { url: trainerUrl }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    app.appConfig.trainer.callbackUrl = address;
    ({ admin } = await tokens(app));
    key = (await createEngine(app.db, 'trainer-a')).key;
    otherKey = (await createEngine(app.db, 'trainer-b')).key;
  });
  afterAll(async () => {
    await app.close();
    await tdb.drop();
    trainer.server.close();
  });

  async function handedJob(epochs = 4) {
    const instance = await createInstance(app);
    const { versionId } = await createDatasetVersion(app, instance.id);
    const handed = trainer.next();
    const created = await startJob(app, admin, instance.id, versionId, epochs);
    const job = await handed;
    expect(job.id).toBe(created.id);
    await waitForJob(app, admin, job.id, (j) => j.state === TRAINING_STATE.training);
    return { job, instance };
  }

  it('hands the job over, takes progress, log, metrics and the artefact back: a new version completes the job', async () => {
    const { job, instance } = await handedJob();
    expect(job).toMatchObject({ classes: ['helmet'], epochs: 4 });
    expect(job.callbackBase).toMatch(/\/api\/v2\/backend\/ingest\/training\/\d+$/);
    const manifest = await fetch(job.datasetUrl, { headers: { 'x-engine-key': key } });
    const items = ((await manifest.json()) as { data: TrainerManifest }).data.items;
    expect(items).toHaveLength(24);
    const image = await fetch(items[0]?.url ?? '', { headers: { 'x-engine-key': key } });
    expect(image.headers.get('content-type')).toBe('image/png');
    const base = await fetch(job.baseArtefactUrl ?? '', { headers: { 'x-engine-key': key } });
    expect(await base.text()).toBe(`ONNX base model ${instance.id}`);
    expect(
      (await callback(`${job.callbackBase}/progress`, key, { json: { epoch: 2, progress: 50 } })).status,
    ).toBe(200);
    expect(
      (
        await callback(`${job.callbackBase}/log`, key, {
          json: { lines: [{ level: 'info', message: 'epoch 2 ok' }] },
        })
      ).status,
    ).toBe(200);
    expect(await getJob(app, admin, job.id)).toMatchObject({
      state: TRAINING_STATE.training,
      progress: 50,
      epoch: 2,
    });
    const metrics = {
      precision: 0.91,
      recall: 0.88,
      falsePositiveRate: 0.07,
      evaluatedOn: 'holdout',
      evaluatedAt: new Date().toISOString(),
    };
    const form = new FormData();
    form.append('metrics', JSON.stringify(metrics));
    form.append('file', new Blob([Buffer.from('trained weights')]), 'model.onnx');
    const done = await callback(`${job.callbackBase}/artefact`, key, { form });
    expect(done.status).toBe(200);
    const detail = await getJob(app, admin, job.id);
    expect(detail).toMatchObject({
      state: TRAINING_STATE.completed,
      progress: 100,
      resultVersionNumber: 2,
      metrics,
    });
    expect(detail.resultVersion?.metrics).toEqual(metrics);
    // after the end, every callback is refused with the job as it is
    const late = await callback(`${job.callbackBase}/progress`, key, { json: { epoch: 3, progress: 70 } });
    const asIs = await expectRefusedAsIs(app, admin, asAnswer(late), job.id, TRAINING_STATE.completed);
    expect(asIs).toMatchObject({ progress: 100, resultVersionNumber: 2 });
  });

  it('documents the hand-off in OpenAPI: callbacks on the start route with the job payload, and the trainer’s calls back', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    type Operation = {
      callbacks?: Record<
        string,
        Record<string, { post?: { requestBody?: { content: Record<string, { schema: JsonSchema }> } } }>
      >;
    };
    type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const callbacks = doc.paths[TRAINING_API.create]?.put?.callbacks ?? {};
    const handover = callbacks.trainerHandover?.['{TRAINER_URL}/jobs']?.post;
    const schema = handover?.requestBody?.content['application/json']?.schema;
    expect(schema?.type).toBe('object');
    // the documented payload is exactly what a trainer receives
    const { job } = await handedJob(1);
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(Object.keys(job).sort());
    expect(schema?.required?.sort()).toEqual(Object.keys(job).sort());
    expect(schema?.properties?.callbackBase).toMatchObject({ type: 'string' });
    expect(callbacks.trainerCancel?.['{TRAINER_URL}/jobs/{id}/cancel']?.post).toBeDefined();
    const paths = Object.keys(doc.paths);
    for (const make of [
      TRAINING_API.trainerDataset,
      TRAINING_API.trainerProgress,
      TRAINING_API.trainerLog,
      TRAINING_API.trainerArtefact,
      TRAINING_API.trainerFail,
    ]) {
      expect(paths).toContain(make(0).replace('/0/', '/{id}/'));
    }
  });

  it('refuses a wrong key (401), another trainer’s job (403), an unknown or built-in job (404)', async () => {
    const { job } = await handedJob();
    expect(
      (await callback(`${job.callbackBase}/progress`, 'wrong-key', { json: { epoch: 1, progress: 5 } }))
        .status,
    ).toBe(401);
    expect(
      (await callback(`${job.callbackBase}/progress`, key, { json: { epoch: 1, progress: 5 } })).status,
    ).toBe(200);
    const other = await callback(`${job.callbackBase}/progress`, otherKey, {
      json: { epoch: 1, progress: 9 },
    });
    expect(other.status).toBe(403);
    expect((await fetch(job.datasetUrl, { headers: { 'x-engine-key': otherKey } })).status).toBe(403);
    const unknown = job.callbackBase.replace(/\d+$/, '999999');
    expect((await callback(`${unknown}/progress`, key, { json: { epoch: 1, progress: 5 } })).status).toBe(
      404,
    );
    const seen = await getJob(app, admin, job.id);
    expect(seen.progress).toBe(5);
    const [builtin] = await app.db
      .insert(trainingJob)
      .values({
        algorithmId: job.algorithmId,
        datasetVersionId: seen.datasetVersionId,
        state: TRAINING_STATE.training,
      })
      .returning({ id: trainingJob.id });
    const builtinBase = job.callbackBase.replace(/\d+$/, String(builtin?.id));
    expect((await callback(`${builtinBase}/progress`, key, { json: { epoch: 1, progress: 5 } })).status).toBe(
      404,
    );
  });

  it('refuses an oversized artefact (413) and keeps the job in training; a failure ends it with the reason', async () => {
    const { job } = await handedJob();
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(64 * 1024 + 10, 1)]), 'model.onnx');
    const big = await callback(`${job.callbackBase}/artefact`, key, { form });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The trained model file is too large');
    expect((await getJob(app, admin, job.id)).state).toBe(TRAINING_STATE.training);
    const failed = await callback(`${job.callbackBase}/fail`, key, {
      json: { reason: 'CUDA out of memory' },
    });
    expect(failed.status).toBe(200);
    expect(await getJob(app, admin, job.id)).toMatchObject({
      state: TRAINING_STATE.error,
      error: 'CUDA out of memory',
    });
    const again = await callback(`${job.callbackBase}/fail`, key, { json: { reason: 'again' } });
    await expectRefusedAsIs(app, admin, asAnswer(again), job.id, TRAINING_STATE.error);
    // training error is an end: the user cannot terminate it, the trainer cannot report on it
    const terminate = await app.inject({
      method: 'POST',
      url: TRAINING_API.terminate(job.id),
      headers: { token: admin },
    });
    const asIs = await expectRefusedAsIs(app, admin, injected(terminate), job.id, TRAINING_STATE.error);
    expect(asIs).toMatchObject({ error: 'CUDA out of memory', resultVersionId: null });
    const progress = await callback(`${job.callbackBase}/progress`, key, {
      json: { epoch: 3, progress: 80 },
    });
    await expectRefusedAsIs(app, admin, asAnswer(progress), job.id, TRAINING_STATE.error);
    const form2 = new FormData();
    form2.append('file', new Blob([Buffer.from('too late')]), 'model.onnx');
    const artefact = await callback(`${job.callbackBase}/artefact`, key, { form: form2 });
    await expectRefusedAsIs(app, admin, asAnswer(artefact), job.id, TRAINING_STATE.error);
    expect((await getJob(app, admin, job.id)).resultVersionNumber).toBeNull();
  });

  it('refuses every callback for a job not yet started (409 with the job as it is), downloads stay open', async () => {
    const instance = await createInstance(app);
    const { versionId } = await createDatasetVersion(app, instance.id);
    // A job handed to the external trainer but not yet taken by a worker (no queue entry: it stays so).
    const [row] = await app.db
      .insert(trainingJob)
      .values({
        algorithmId: instance.id,
        datasetVersionId: versionId,
        epochs: 3,
        trainer: app.appConfig.trainer.url ?? '',
        state: TRAINING_STATE.notStarted,
      })
      .returning({ id: trainingJob.id });
    const id = row?.id ?? 0;
    const base = `${app.appConfig.trainer.callbackUrl}${TRAINING_API.trainerProgress(id).replace(/\/progress$/, '')}`;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('weights before start')]), 'model.onnx');
    const answers = [
      await callback(`${base}/progress`, key, { json: { epoch: 1, progress: 10 } }),
      await callback(`${base}/log`, key, { json: { lines: [{ message: 'too early' }] } }),
      await callback(`${base}/artefact`, key, { form }),
      await callback(`${base}/fail`, key, { json: { reason: 'too early' } }),
    ];
    for (const answer of answers) {
      const asIs = await expectRefusedAsIs(app, admin, asAnswer(answer), id, TRAINING_STATE.notStarted);
      expect(asIs).toMatchObject({
        progress: 0,
        epoch: 0,
        error: '',
        resultVersionId: null,
        startedAt: null,
      });
    }
    const log = body<{ message: string }[]>(
      await app.inject({ method: 'GET', url: TRAINING_API.log(id), headers: { token: admin } }),
    ).data;
    expect(log).toEqual([]);
    expect((await fetch(`${base}/dataset`, { headers: { 'x-engine-key': key } })).status).toBe(200);
  });

  it('a terminated job refuses its trainer’s callbacks (409)', async () => {
    const { job } = await handedJob();
    const res = await app.inject({
      method: 'POST',
      url: TRAINING_API.terminate(job.id),
      headers: { token: admin },
    });
    expect(body<TrainingJobItem>(res).data.state).toBe(TRAINING_STATE.terminated);
    const late = await callback(`${job.callbackBase}/log`, key, {
      json: { lines: [{ message: 'still here' }] },
    });
    await expectRefusedAsIs(app, admin, asAnswer(late), job.id, TRAINING_STATE.terminated);
  });

  it('two uploads of the artefact at once (a retrying trainer) make one version; a terminated job makes none', async () => {
    const { job, instance } = await handedJob();
    const versions = async () =>
      (
        await app.db
          .select({ number: algorithmVersion.number, trainingJobId: algorithmVersion.trainingJobId })
          .from(algorithmVersion)
          .where(eq(algorithmVersion.algorithmId, instance.id))
      ).map((v) => [v.number, v.trainingJobId]);
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('trained weights')]), 'model.onnx');
      return callback(`${job.callbackBase}/artefact`, key, { form });
    };
    const answers = await Promise.all([upload(), upload(), upload()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await getJob(app, admin, job.id)).resultVersionNumber).toBe(2);
    for (const refused of answers.filter((a) => a.status === 409)) {
      await expectRefusedAsIs(app, admin, asAnswer(refused), job.id, TRAINING_STATE.completed);
    }
    expect((await versions()).sort()).toEqual([
      [1, null],
      [2, job.id],
    ]);

    const { job: stopped, instance: other } = await handedJob();
    const terminated = app.inject({
      method: 'POST',
      url: TRAINING_API.terminate(stopped.id),
      headers: { token: admin },
    });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('late weights')]), 'model.onnx');
    const late = callback(`${stopped.callbackBase}/artefact`, key, { form });
    await Promise.all([terminated, late]);
    const end = await getJob(app, admin, stopped.id);
    const made = await app.db
      .select({ id: algorithmVersion.id })
      .from(algorithmVersion)
      .where(eq(algorithmVersion.algorithmId, other.id));
    // Whichever came first, the job and the versions agree: completed with v2, or terminated with none.
    if (end.state === TRAINING_STATE.completed) expect(made).toHaveLength(2);
    else
      expect({ state: end.state, versions: made.length }).toEqual({
        state: TRAINING_STATE.terminated,
        versions: 1,
      });
    // And once it has ended, a further upload is refused and makes nothing.
    const again = new FormData();
    again.append('file', new Blob([Buffer.from('later weights')]), 'model.onnx');
    expect((await callback(`${stopped.callbackBase}/artefact`, key, { form: again })).status).toBe(409);
    expect(
      await app.db
        .select({ id: algorithmVersion.id })
        .from(algorithmVersion)
        .where(eq(algorithmVersion.algorithmId, other.id)),
    ).toHaveLength(made.length);
  });

  it('a trainer that falls silent leaves its job in training error with the reason', async () => {
    const { job } = await handedJob();
    const silence = app.appConfig.trainer.silenceMs;
    app.appConfig.trainer.silenceMs = 1;
    try {
      const failed = await waitForJob(app, admin, job.id, (j) => j.state === TRAINING_STATE.error);
      expect(failed.error).toBe('training.trainerSilent');
    } finally {
      app.appConfig.trainer.silenceMs = silence;
    }
  });

  it('a trainer refusing the job is asked again with backoff, then the job ends as training error', async () => {
    trainer.state.refuse = true;
    try {
      const instance = await createInstance(app);
      const { versionId } = await createDatasetVersion(app, instance.id);
      const created = await startJob(app, admin, instance.id, versionId, 2);
      const failed = await waitForJob(
        app,
        admin,
        created.id,
        (j) => j.state === TRAINING_STATE.error,
        30_000,
      );
      expect(failed.error).toBe('training.trainerUnreachable');
      expect(trainer.state.posts).toBe(3);
    } finally {
      trainer.state.refuse = false;
    }
  }, 60_000);
});
