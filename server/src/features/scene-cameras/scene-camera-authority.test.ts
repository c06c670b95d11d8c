import { SCENE_CAMERA_API as P } from '@sentinel/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithm, sceneCamera, sceneCameraAlgorithm } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type AuthorityFixture, authorityFixture } from '../scenes/authority-test-support.ts';

/**
 * Scene authority on cameras in scenes: pickers and lists hold only visible scenes and cameras
 * (a hidden scene's lists are empty, as an unknown one's), reads and writes touching a hidden scene
 * answer 404, and binding a hidden camera answers 404 'camera.notFound'.
 */
describe.each(backends)('scene authority on scene cameras (%s)', (backend) => {
  let f: AuthorityFixture;
  let algoId = 0;
  let hiddenAlgo = 0; // an algorithm on binding b (scene B)

  beforeAll(async () => {
    f = await authorityFixture(backend);
    const [algo] = await f.app.db
      .insert(algorithm)
      .values({ code: `helmet-${Math.random()}`, name: 'Helmet', levels: [120002, 120003] })
      .returning({ id: algorithm.id });
    algoId = algo?.id ?? 0;
    const [sca] = await f.app.db
      .insert(sceneCameraAlgorithm)
      .values({ sceneCameraId: f.binding.b, algorithmId: algoId, level: 120002 })
      .returning({ id: sceneCameraAlgorithm.id });
    hiddenAlgo = sca?.id ?? 0;
  });
  afterAll(async () => {
    await f?.close();
  });

  type Page<T> = { list: T[]; count: number };
  const bindings = () => f.app.db.select().from(sceneCamera).orderBy(asc(sceneCamera.id));

  it('pickers and lists hold only visible scenes and cameras', async () => {
    const scenes = async (token: string) =>
      (await f.call<Array<{ id: number }>>('GET', `${P.scenes}?kind=general`, token)).body.data
        .map((s) => s.id)
        .sort();
    expect(await scenes(f.limited)).toEqual([f.scene.A]);
    expect(await scenes(f.regional)).toEqual([f.scene.A, f.scene.C].sort());
    expect(await scenes(f.admin)).toEqual(expect.arrayContaining([f.scene.A, f.scene.B, f.scene.C]));
    expect(await scenes(f.everyone)).toEqual(expect.arrayContaining([f.scene.A, f.scene.B, f.scene.C]));

    const list = async (token: string, sceneId: number) =>
      (await f.call<Page<{ cameraId: number }>>('POST', P.list, token, { page: 1, limit: 50, sceneId })).body
        .data;
    expect((await list(f.limited, f.scene.A)).list.map((c) => c.cameraId)).toEqual([f.cam.a]);
    expect(await list(f.limited, f.scene.B)).toEqual({ list: [], count: 0 });
    expect((await list(f.everyone, f.scene.B)).list.map((c) => c.cameraId)).toEqual([f.cam.b]);

    const bindable = async (token: string, sceneId: number) =>
      (await f.call<Page<{ id: number }>>('POST', P.bindable, token, { page: 1, limit: 50, sceneId })).body
        .data;
    expect(await bindable(f.limited, f.scene.A)).toEqual({ list: [], count: 0 });
    const regional = await bindable(f.regional, f.scene.A);
    expect(regional.list.map((c) => c.id)).toEqual([f.cam.r]);
    expect(regional.count).toBe(1);
    expect(await bindable(f.regional, f.scene.B)).toEqual({ list: [], count: 0 });
    expect((await bindable(f.admin, f.scene.A)).list.map((c) => c.id)).toEqual(
      expect.arrayContaining([f.cam.b, f.cam.r]),
    );
  });

  it('answers 404 for reads of a hidden scene camera', async () => {
    expect((await f.call('GET', P.algorithmList(f.scene.A, f.cam.a), f.limited)).statusCode).toBe(200);
    expect((await f.call('GET', P.areaList(f.scene.A, f.cam.a), f.limited)).statusCode).toBe(200);
    for (const url of [
      P.algorithmList(f.scene.B, f.cam.b),
      P.areaList(f.scene.B, f.cam.b),
      P.temporaryAreaList(f.scene.B, f.cam.b),
    ]) {
      expect((await f.call('GET', url, f.limited)).statusCode, url).toBe(404);
    }
    expect((await f.call('GET', P.algorithmList(f.scene.B, f.cam.b), f.admin)).statusCode).toBe(200);
  });

  it('refuses writes touching a hidden scene or camera with 404 and changes nothing', async () => {
    const before = await bindings();
    const expect404 = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
      const res = await f.call(method, url, f.limited, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      return res;
    };
    const hiddenCamera = await expect404('POST', P.bind, { sceneId: f.scene.A, cameraId: f.cam.b });
    const unknownCamera = await f.call('POST', P.bind, f.limited, { sceneId: f.scene.A, cameraId: 999999 });
    expect(hiddenCamera.body.message).toBe(unknownCamera.body.message);
    await expect404('POST', P.bind, { sceneId: f.scene.B, cameraId: f.cam.a });
    await expect404('POST', P.bindMany, { sceneId: f.scene.A, cameraIds: [f.cam.r] });
    await expect404('POST', P.disable(f.binding.b));
    await expect404('POST', P.batchDisable, { ids: [f.binding.a, f.binding.b] });
    await expect404('DELETE', P.unbind(f.binding.b));
    await expect404('DELETE', P.batchUnbind, { ids: [f.binding.a, f.binding.b] });
    await expect404('POST', P.createAlgorithm, {
      sceneCameraId: f.binding.b,
      algorithms: [{ algorithmId: algoId, level: 120003 }],
    });
    await expect404('DELETE', P.algorithmBatchDelete, { ids: [hiddenAlgo] });
    await expect404('PUT', P.saveZones, { sceneCameraAlgorithmId: hiddenAlgo, zones: [] });
    expect(await bindings()).toEqual(before);
    const algos = await f.app.db.select().from(sceneCameraAlgorithm);
    expect(algos.map((a) => a.id)).toEqual([hiddenAlgo]);
  });

  it('writes within its authority succeed; all-scene accounts are unaffected', async () => {
    expect((await f.call('POST', P.disable(f.binding.a), f.limited)).statusCode).toBe(200);
    expect((await f.call('POST', P.enable(f.binding.a), f.limited)).statusCode).toBe(200);
    const algo = await f.call<{ ids: number[] }>('POST', P.createAlgorithm, f.limited, {
      sceneCameraId: f.binding.a,
      algorithms: [{ algorithmId: algoId, level: 120003 }],
    });
    expect(algo.statusCode).toBe(200);
    // the region grant: camera r (area A1a) into scene C (area A1)
    const bound = await f.call<{ id: number }>('POST', P.bind, f.regional, {
      sceneId: f.scene.C,
      cameraId: f.cam.r,
    });
    expect(bound.statusCode).toBe(200);
    expect((await f.call('DELETE', P.unbind(bound.body.data.id), f.regional)).statusCode).toBe(200);
    expect((await f.call('POST', P.disable(f.binding.b), f.everyone)).statusCode).toBe(200);
    expect((await f.call('POST', P.enable(f.binding.b), f.admin)).statusCode).toBe(200);
    const admin = await f.call('POST', P.bind, f.admin, { sceneId: f.scene.B, cameraId: f.cam.r });
    expect(admin.statusCode).toBe(200);
  });
});
