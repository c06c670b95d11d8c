import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AI_INSTANCE_API,
  type AiInstanceDetail,
  type AiInstanceItem,
  type AiInstanceListResult,
  ALARM_API,
  type DeploymentEvent,
  type EngineDeployments,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithmDeployment, algorithmVersion, auditLog } from '../../db/schema/index.ts';
import { backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';
import { insertTestAlarm } from '../alarms/test-support.ts';
import { setLiveVersion } from '../algorithms/index.ts';
import { newInstance, newVersion, runOnCamera } from './test-support.ts';

describe.each(backends)('instance library on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-library-'));
  const t = useTestApp(backend, { dataDir });
  let admin = '';
  let nobody = '';
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    admin = await login(t.app, await createAccount(t.app, { roles: ['admin'] }));
    nobody = await login(t.app, await createAccount(t.app, { roles: [] }));
  });
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { token, lang: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: body<T>(res) };
  };
  const publish = (id: number, payload: object) =>
    call<DeploymentEvent>('POST', AI_INSTANCE_API.publish(id), payload);
  const rollback = (id: number) => call<DeploymentEvent>('POST', AI_INSTANCE_API.rollback(id), {});
  const detail = async (id: number) =>
    (await call<AiInstanceDetail>('GET', AI_INSTANCE_API.detail(id))).body.data;

  /** An instance live on v1 (FP 0.2) with v2 (0.1), v3 (0.3), v4 (no metrics); alarms on v1 and v2. */
  const scenario = async () => {
    const instance = await newInstance(t.app);
    const v1 = await newVersion(t.app, instance.id, 0.2, dataDir);
    const v2 = await newVersion(t.app, instance.id, 0.1, dataDir);
    const v3 = await newVersion(t.app, instance.id, 0.3, dataDir);
    const v4 = await newVersion(t.app, instance.id, null, dataDir);
    await setLiveVersion(t.app.db, { algorithmId: instance.id, versionId: v1.id, action: 'seed' });
    for (const falsePositive of [true, false, false, false]) {
      await insertTestAlarm(t.app, { algorithmId: instance.id, algorithmVersionId: v1.id, falsePositive });
    }
    for (const falsePositive of [true, true]) {
      await insertTestAlarm(t.app, { algorithmId: instance.id, algorithmVersionId: v2.id, falsePositive });
    }
    return { instance, v1, v2, v3, v4 };
  };

  it('lists instances (drafts left out) with the live version’s figures counted by hand', async () => {
    const { instance } = await scenario();
    const draft = await newInstance(t.app, { draft: true });
    const running = await runOnCamera(t.app, instance.id);
    await runOnCamera(t.app, instance.id, false);
    const res = await call<AiInstanceListResult>('POST', AI_INSTANCE_API.list, {
      page: 1,
      limit: 50,
      keyword: instance.code,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.count).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      id: instance.id,
      liveVersionNumber: 1,
      versionCount: 4,
      cameraCount: 1,
      alarms: 4,
      falsePositives: 1,
      falsePositiveRate: 0.25,
    });
    const all = await call<AiInstanceListResult>('POST', AI_INSTANCE_API.list, { page: 1, limit: 50 });
    expect(all.body.data.list.map((row) => row.id)).not.toContain(draft.id);
    expect((await call('GET', AI_INSTANCE_API.detail(draft.id))).status).toBe(404);

    const one = await detail(instance.id);
    expect(
      one.versions.map((v) => [v.number, v.alarms, v.falsePositives, v.falsePositiveRate, v.live]),
    ).toEqual([
      [4, 0, 0, null, false],
      [3, 0, 0, null, false],
      [2, 2, 2, 1, false],
      [1, 4, 1, 0.25, true],
    ]);
    expect(one.versions[3]?.metrics?.falsePositiveRate).toBe(0.2);
    expect(one.deployments.map((d) => [d.action, d.versionNumber])).toEqual([['seed', 1]]);
    expect(one.cameras).toHaveLength(2);
    expect(one.cameras.find((c) => c.running)?.sceneCameraAlgorithmId).toBe(running.sceneCameraAlgorithmId);
    expect(one.rollbackVersionId).toBeNull();
  });

  it('needs the page: 403 without it', async () => {
    const { instance } = await scenario();
    expect((await call('POST', AI_INSTANCE_API.list, { page: 1, limit: 10 }, nobody)).status).toBe(403);
    expect((await call('POST', AI_INSTANCE_API.rollback(instance.id), {}, nobody)).status).toBe(403);
  });

  it('publishes through the gate, refuses a worse or unmeasured version, records an override with its reason', async () => {
    const { instance, v2, v3, v4 } = await scenario();
    const better = await publish(instance.id, { versionId: v2.id });
    expect(better.status).toBe(200);
    expect(better.body.data.deployment).toMatchObject({
      action: 'publish',
      versionNumber: 2,
      previousVersionNumber: 1,
      override: false,
    });

    for (const candidate of [v3, v4]) {
      const gated = await publish(instance.id, { versionId: candidate.id });
      expect(gated.status).toBe(409);
      expect(gated.body.message).toMatch(/not lower/);
      expect((gated.body.data as unknown as AiInstanceItem).liveVersionNumber).toBe(2);
    }
    const noReason = await publish(instance.id, { versionId: v3.id, override: true, reason: 'hm' });
    expect(noReason.status).toBe(400);
    expect((await detail(instance.id)).instance.liveVersionNumber).toBe(2);

    const forced = await publish(instance.id, {
      versionId: v3.id,
      override: true,
      reason: 'Recall matters more on night shift',
    });
    expect(forced.status).toBe(200);
    expect(forced.body.data.deployment).toMatchObject({
      action: 'publish',
      versionNumber: 3,
      override: true,
      reason: 'Recall matters more on night shift',
    });
    const one = await detail(instance.id);
    expect(one.instance.liveVersionNumber).toBe(3);
    expect(one.deployments.map((d) => [d.action, d.versionNumber, d.override])).toEqual([
      ['publish', 3, true],
      ['publish', 2, false],
      ['seed', 1, false],
    ]);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'aiInstance.publish'), eq(auditLog.target, String(instance.id))));
    expect(audits.map((a) => a.detail)).toEqual([
      expect.objectContaining({ versionNumber: 2, override: false }),
      expect.objectContaining({
        versionNumber: 3,
        override: true,
        reason: 'Recall matters more on night shift',
      }),
    ]);
  });

  it('rolls back in one call to the version live before, never gated, down to the first', async () => {
    const { instance, v2, v3 } = await scenario();
    await publish(instance.id, { versionId: v2.id });
    await publish(instance.id, { versionId: v3.id, override: true, reason: 'try the new one' });
    expect((await detail(instance.id)).rollbackVersionId).toBe(v2.id);

    const first = await rollback(instance.id);
    expect(first.status).toBe(200);
    expect(first.body.data.deployment).toMatchObject({
      action: 'rollback',
      versionNumber: 2,
      previousVersionNumber: 3,
    });
    const second = await rollback(instance.id);
    expect(second.body.data.deployment).toMatchObject({ action: 'rollback', versionNumber: 1 });
    const none = await rollback(instance.id);
    expect(none.status).toBe(409);
    expect((none.body.data as unknown as AiInstanceItem).liveVersionNumber).toBe(1);
    // A version that was live before comes back as a roll-back: not gated although worse.
    const back = await publish(instance.id, { versionId: v3.id });
    expect(back.status).toBe(200);
    expect(back.body.data.deployment.action).toBe('rollback');
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'aiInstance.rollback'), eq(auditLog.target, String(instance.id))));
    expect(audits).toHaveLength(3);
  });

  it('409 for the live version or another instance’s, 404 for unknown ids; versions stay as they were', async () => {
    const { instance, v1 } = await scenario();
    const other = await newInstance(t.app);
    const foreign = await newVersion(t.app, other.id, 0.01);
    const before = await t.app.db
      .select()
      .from(algorithmVersion)
      .where(eq(algorithmVersion.algorithmId, instance.id));

    const live = await publish(instance.id, { versionId: v1.id });
    expect(live.status).toBe(409);
    expect(live.body.data).toMatchObject({ id: instance.id, liveVersionNumber: 1 });
    const theirs = await publish(instance.id, { versionId: foreign.id });
    expect(theirs.status).toBe(409);
    expect((await publish(instance.id, { versionId: 999_999 })).status).toBe(404);
    expect((await publish(999_999, { versionId: v1.id })).status).toBe(404);
    expect((await rollback(999_999)).status).toBe(404);
    expect((await call('GET', AI_INSTANCE_API.detail(999_999))).status).toBe(404);

    const after = await t.app.db
      .select()
      .from(algorithmVersion)
      .where(eq(algorithmVersion.algorithmId, instance.id));
    expect(after).toEqual(before);
    const rows = await t.app.db
      .select()
      .from(algorithmDeployment)
      .where(eq(algorithmDeployment.algorithmId, instance.id));
    expect(rows).toHaveLength(1);
  });

  describe('the engines’ view', () => {
    let key = '';
    beforeAll(async () => {
      const created = await call<{ key: string }>('POST', ALARM_API.engines, {
        name: `Library engine ${backend}`,
      });
      key = created.body.data.key;
    });
    const engineGet = (url: string, engineKey = key) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-engine-key': engineKey, lang: 'en' } });

    it('refuses a wrong key (401) on both calls', async () => {
      expect((await engineGet(AI_INSTANCE_API.engineDeployments, 'wrong')).statusCode).toBe(401);
      expect((await engineGet(AI_INSTANCE_API.engineArtefact(1), 'wrong')).statusCode).toBe(401);
    });

    it('answers every enabled instance with its live version, cameras and zones; the artefact downloads', async () => {
      const { instance, v1 } = await scenario();
      const where = await runOnCamera(t.app, instance.id);
      const draft = await newInstance(t.app, { draft: true });
      const res = await engineGet(AI_INSTANCE_API.engineDeployments);
      expect(res.statusCode, res.body).toBe(200);
      const data = body<EngineDeployments>(res).data;
      expect(data.instances.map((i) => i.id)).not.toContain(draft.id);
      expect(data.instances.find((i) => i.id === instance.id)).toEqual({
        id: instance.id,
        code: instance.code,
        name: instance.name,
        liveVersion: {
          id: v1.id,
          number: 1,
          params: expect.objectContaining({ classes: ['helmet'] }),
          sha256: v1.sha256,
          sizeBytes: v1.sizeBytes,
          downloadPath: AI_INSTANCE_API.engineArtefact(v1.id),
        },
        cameras: [
          {
            sceneCameraAlgorithmId: where.sceneCameraAlgorithmId,
            sceneId: where.sceneId,
            cameraId: where.cameraId,
            cameraCode: where.cameraCode,
            level: 120003,
            zones: [
              {
                name: 'Gate',
                points: [
                  [0.1, 0.1],
                  [0.9, 0.1],
                  [0.5, 0.9],
                ],
              },
            ],
          },
        ],
      });
      const file = await engineGet(AI_INSTANCE_API.engineArtefact(v1.id));
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-sha256']).toBe(v1.sha256);
      expect(file.rawPayload.equals(v1.content)).toBe(true);
      expect((await engineGet(AI_INSTANCE_API.engineArtefact(999_999))).statusCode).toBe(404);
    });

    it('answers at once for another revision and at the end of the wait when nothing changed', async () => {
      const first = body<EngineDeployments>(await engineGet(AI_INSTANCE_API.engineDeployments)).data;
      const stale = await engineGet(`${AI_INSTANCE_API.engineDeployments}?revision=1&waitSeconds=30`);
      expect(body<EngineDeployments>(stale).data.revision).toBe(first.revision);
      const started = Date.now();
      const same = await engineGet(
        `${AI_INSTANCE_API.engineDeployments}?revision=${first.revision}&waitSeconds=1`,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(body<EngineDeployments>(same).data.revision).toBe(first.revision);
    });
  });
});
