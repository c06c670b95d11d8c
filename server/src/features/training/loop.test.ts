import {
  AI_INSTANCE_API,
  type AiInstanceDetail,
  ALARM_API,
  DATASET_API,
  type DatasetVersion,
  type DeploymentEvent,
  type EngineDeployments,
  FALSE_ALARM_REVIEW_API,
  type FalseAlarmRecordItem,
  TRAINING_STATE,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithm, falseAlarmRecord } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { runOnCamera } from '../ai-instances/test-support.ts';
import { image } from '../datasets/test-support.ts';
import { type ReviewHarness, reviewHarness } from '../false-alarm-review/test-support.ts';
import {
  createInstance,
  getJob,
  removeDir,
  startJob,
  tempDataDir,
  trainingConfig,
  waitForJob,
} from './test-support.ts';

const dataDir = tempDataDir();
afterAll(() => removeDir(dataDir));

/**
 * Issue 13's whole loop in one chain, through the HTTP API only (after the fixtures): alarms
 * marked false positive in triage → records reviewed → imported into a dataset → version frozen →
 * retraining (built-in demo trainer) → a new version → published through the gate → the engines
 * see it → rolled back.
 */
describe.each(backends)('from false alarms to a better model live and back, on %s', (backend) => {
  let h: ReviewHarness;
  beforeAll(async () => {
    h = await reviewHarness(backend, {
      ...trainingConfig(dataDir),
      // longer leases than the unit tests: this chain must not lose its job on a loaded machine
      jobLease: { leaseMs: 10_000, renewMs: 1_000, sweepMs: 500 },
    });
  }, 60_000);
  afterAll(async () => h?.close());

  it('closes the loop: triage, review, dataset, freeze, retrain, gated publish, engines, roll back', async () => {
    const call = <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
      h.call<T>(method, url, payload ?? (method === 'POST' ? {} : undefined));
    // An instance live on v1 (false-positive rate 0.2, class helmet), running on a camera.
    const instance = await createInstance(h.app, ['helmet']);
    const where = await runOnCamera(h.app, instance.id);
    const [{ code } = { code: '' }] = await h.app.db
      .select({ code: algorithm.code })
      .from(algorithm)
      .where(eq(algorithm.id, instance.id));
    expect(code).not.toBe('');

    // 1. Triage: 21 alarms of the instance (each a different frame), all marked false positive.
    const alarmIds: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await h.ingest(
        {
          eventId: `loop-${backend}-${i}`,
          cameraId: String(h.refs.cameraId),
          sceneId: String(h.refs.sceneId),
          algorithmCode: code,
          detections: JSON.stringify([{ cls: 'helmet', confidence: 0.7, box: [0.1, 0.1, 0.3, 0.4] }]),
        },
        await image(10 + i * 9),
      );
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      alarmIds.push(res.body.data?.id ?? 0);
    }
    for (const id of alarmIds) expect((await call('POST', ALARM_API.cancel(id))).statusCode).toBe(200);

    // 2. Review: the records carry the engine's boxes and the live version; 20 accepted (the
    // engine saw a helmet that was not there: negatives), one relabelled with the right box.
    const records = await call<{ list: FalseAlarmRecordItem[]; total: number }>(
      'POST',
      FALSE_ALARM_REVIEW_API.list,
      { page: 1, limit: 50, algorithmId: instance.id },
    );
    expect(records.body.data.total).toBe(21);
    const pending = records.body.data.list;
    expect(pending.every((r) => r.state === 'pending' && r.versionId === instance.liveVersionId)).toBe(true);
    expect(pending[0]?.detections).toEqual([{ cls: 'helmet', confidence: 0.7, box: [0.1, 0.1, 0.3, 0.4] }]);
    const [relabel, ...accept] = pending;
    for (const record of accept) {
      const res = await call<FalseAlarmRecordItem>('POST', FALSE_ALARM_REVIEW_API.review(record.id), {
        verdict: 'accepted',
        reason: 'background',
      });
      expect(res.body.data.state).toBe('accepted');
    }
    const relabelled = await call<FalseAlarmRecordItem>(
      'POST',
      FALSE_ALARM_REVIEW_API.review(relabel?.id ?? 0),
      { verdict: 'relabelled', reason: 'wrongClass', labels: [{ cls: 'helmet', box: [0.5, 0.5, 0.2, 0.2] }] },
    );
    expect(relabelled.body.data.state).toBe('relabelled');

    // 3. Dataset of the instance: import the reviewed records, then freeze a version.
    const created = await call<{ id: number }>('POST', DATASET_API.create, {
      name: `loop ${backend}`,
      algorithmId: instance.id,
      classes: ['helmet'],
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const datasetId = created.body.data.id;
    const imported = await call('POST', DATASET_API.falseAlarms(datasetId));
    expect(imported.body.data).toEqual({ negatives: 20, relabelled: 1, skipped: 0 });
    const frozen = await call<DatasetVersion>('POST', DATASET_API.versions(datasetId), { note: 'loop' });
    expect(frozen.statusCode, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body.data).toMatchObject({
      number: 1,
      itemCount: 21,
      negatives: 20,
      classCounts: { helmet: 1 },
    });

    // 4. Retrain the instance on it (the built-in demo trainer): a new version, not yet live.
    const job = await startJob(h.app, h.admin, instance.id, frozen.body.data.id, 4);
    expect(job.state).toBe(TRAINING_STATE.notStarted);
    const done = await waitForJob(h.app, h.admin, job.id, (j) => j.state >= TRAINING_STATE.completed, 60_000);
    expect(done).toMatchObject({ state: TRAINING_STATE.completed, resultVersionNumber: 2 });
    const trained = await getJob(h.app, h.admin, job.id);
    const newVersionId = trained.resultVersionId ?? 0;
    const detail = await call<AiInstanceDetail>('GET', AI_INSTANCE_API.detail(instance.id));
    expect(detail.body.data.instance.liveVersionNumber).toBe(1);
    const candidate = detail.body.data.versions.find((v) => v.id === newVersionId);
    const live = detail.body.data.versions.find((v) => v.id === instance.liveVersionId);
    const candidateFp = candidate?.metrics?.falsePositiveRate ?? Number.NaN;
    const liveFp = live?.metrics?.falsePositiveRate ?? Number.NaN;
    expect(liveFp).toBe(0.2);
    expect(Number.isFinite(candidateFp)).toBe(true);

    // 5. Publish through the gate: straight through when the false-positive rate is lower,
    // otherwise refused until an override with its reason.
    const publish = await call<DeploymentEvent>('POST', AI_INSTANCE_API.publish(instance.id), {
      versionId: newVersionId,
    });
    if (candidateFp < liveFp) {
      expect(publish.statusCode).toBe(200);
      expect(publish.body.data.deployment).toMatchObject({ versionNumber: 2, override: false });
    } else {
      expect(publish.statusCode).toBe(409);
      const forced = await call<DeploymentEvent>('POST', AI_INSTANCE_API.publish(instance.id), {
        versionId: newVersionId,
        override: true,
        reason: 'Retrained on the false alarms of gate 3',
      });
      expect(forced.statusCode).toBe(200);
      expect(forced.body.data.deployment).toMatchObject({ versionNumber: 2, override: true });
    }

    // 6. The engines' deployments show the new version on the instance's camera.
    const deployments = async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: AI_INSTANCE_API.engineDeployments,
        headers: { 'x-engine-key': h.key, lang: 'en' },
      });
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: EngineDeployments }).data;
      return data.instances.find((i) => i.id === instance.id);
    };
    const after = await deployments();
    expect(after?.liveVersion).toMatchObject({ id: newVersionId, number: 2 });
    expect(after?.liveVersion?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(after?.cameras.map((c) => c.sceneCameraAlgorithmId)).toEqual([where.sceneCameraAlgorithmId]);
    const artefact = await h.app.inject({
      method: 'GET',
      url: AI_INSTANCE_API.engineArtefact(newVersionId),
      headers: { 'x-engine-key': h.key },
    });
    expect(artefact.statusCode).toBe(200);

    // 7. Roll back in one call: v1 live again, for the engines too.
    const back = await call<DeploymentEvent>('POST', AI_INSTANCE_API.rollback(instance.id), {});
    expect(back.statusCode).toBe(200);
    expect(back.body.data.deployment).toMatchObject({ action: 'rollback', versionNumber: 1 });
    expect((await deployments())?.liveVersion).toMatchObject({ id: instance.liveVersionId, number: 1 });
    const history = await call<AiInstanceDetail>('GET', AI_INSTANCE_API.detail(instance.id));
    expect(history.body.data.deployments.map((d) => [d.action, d.versionNumber])).toEqual([
      ['rollback', 1],
      ['publish', 2],
      ['seed', 1],
    ]);
    // The alarms that started it all recorded the version that raised them.
    const [first] = await h.app.db
      .select()
      .from(falseAlarmRecord)
      .where(eq(falseAlarmRecord.alarmId, alarmIds[0] ?? 0));
    expect(first?.algorithmVersionId).toBe(instance.liveVersionId);
  }, 180_000);
});
