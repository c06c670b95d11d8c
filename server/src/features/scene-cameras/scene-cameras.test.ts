import {
  type AlgorithmArea,
  type BindCamerasResult,
  type ListResult,
  SCENE_CAMERA_API as P,
  type SceneCameraAlgorithmItem,
  type SceneCameraItem,
  type ZoneItem,
  zoneInput,
} from '@sentinel/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  algorithm,
  auditLog,
  camera,
  detectionZone,
  plantNode,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
} from '../../db/schema/index.ts';
import {
  backends,
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { seedSceneCameras } from './seed.ts';

const SQUARE: Array<[number, number]> = [
  [0.1, 0.1],
  [0.5, 0.1],
  [0.5, 0.5],
  [0.1, 0.5],
];

describe.each(backends)('scene cameras on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let sceneId: number;
  let tempSceneId: number;
  const cams: number[] = [];
  const algos: Record<string, number> = {};

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb);
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
    const [area] = await app.db.insert(plantNode).values({ name: '炼钢车间', kind: 'area' }).returning();
    if (!area) throw new Error('no area');
    const scenes = await app.db
      .insert(scene)
      .values([
        { name: '装车区', kind: 'general', areaId: area.id },
        { name: '临时动火', kind: 'temporary', areaId: area.id },
      ])
      .returning();
    sceneId = scenes[0]?.id ?? 0;
    tempSceneId = scenes[1]?.id ?? 0;
    for (let i = 1; i <= 4; i++) {
      const [row] = await app.db
        .insert(camera)
        .values({
          name: `摄像机${i}`,
          code: `CAM-T${i}`,
          ip: `10.0.0.${i}`,
          areaId: area.id,
          online: i % 2 === 1,
        })
        .returning();
      if (row) cams.push(row.id);
    }
    const rows = await app.db
      .insert(algorithm)
      .values([
        { code: 'helmet', name: '安全帽检测', levels: [120002, 120003] },
        { code: 'smoke', name: '烟火检测', levels: [120003, 120004] },
        { code: 'intrusion', name: '区域入侵', levels: [120001, 120002] },
      ])
      .returning();
    for (const row of rows) algos[row.code] = row.id;
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = admin,
    lang = 'en',
  ) => {
    const res = await app.inject({ method, url, payload: payload as object, headers: { token, lang } });
    return { code: res.statusCode, ...body<T>(res) };
  };

  /** Every row this feature owns, to prove a refused request changed nothing. */
  const snapshot = async () => ({
    sc: await app.db.select().from(sceneCamera).orderBy(asc(sceneCamera.id)),
    sca: await app.db.select().from(sceneCameraAlgorithm).orderBy(asc(sceneCameraAlgorithm.id)),
    zones: await app.db.select().from(detectionZone).orderBy(asc(detectionZone.id)),
  });
  const expectUnchanged = async (before: Awaited<ReturnType<typeof snapshot>>) =>
    expect(await snapshot()).toEqual(before);

  const list = (query: Record<string, unknown> = {}) =>
    call<ListResult<SceneCameraItem>>('POST', P.list, { page: 1, limit: 10, sceneId, ...query });

  let scA = 0; // scene camera of cams[0]
  let scB = 0; // scene camera of cams[1]

  it('binds one camera, refuses the same camera twice with Do not add repeatedly', async () => {
    const first = await call<{ id: number }>('POST', P.bind, { sceneId, cameraId: cams[0] });
    expect(first.code).toBe(200);
    scA = first.data.id;
    const before = await snapshot();
    const again = await call('POST', P.bind, { sceneId, cameraId: cams[0] });
    expect(again.code).toBe(409);
    expect(again.message).toBe('Do not add repeatedly');
    const zh = await call('POST', P.bind, { sceneId, cameraId: cams[0] }, admin, 'zh-CN');
    expect(zh.message).toBe('请勿重复添加');
    const missing = await call('POST', P.bind, { sceneId, cameraId: 999_999 });
    expect(missing.code).toBe(404);
    await expectUnchanged(before);
  });

  it('binds several cameras, skipping and naming the ones already bound', async () => {
    const res = await call<BindCamerasResult>('POST', P.bindMany, {
      sceneId,
      cameraIds: [cams[0], cams[1], cams[2]],
    });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ added: [cams[1], cams[2]], skipped: [cams[0]] });
    const before = await snapshot();
    const allBound = await call('POST', P.bindMany, { sceneId, cameraIds: [cams[1], cams[2]] });
    expect(allBound.code).toBe(409);
    const unknownCamera = await call('POST', P.bindMany, { sceneId, cameraIds: [cams[3], 999_999] });
    expect(unknownCamera.code).toBe(404);
    await expectUnchanged(before);
    const page = await list();
    expect(page.data.count).toBe(3);
    expect(page.data.list.map((r) => r.cameraCode)).toEqual(['CAM-T1', 'CAM-T2', 'CAM-T3']);
    scB = page.data.list[1]?.id ?? 0;
    expect(page.data.list[0]).toMatchObject({
      cameraName: '摄像机1',
      ip: '10.0.0.1',
      online: true,
      enabled: true,
      algorithmCount: 0,
    });
  });

  it('lists with keyword and enabled filters, and the bind dialog shows only unbound cameras', async () => {
    expect((await list({ keyword: 'T2' })).data.list.map((r) => r.id)).toEqual([scB]);
    expect((await list({ keyword: '10.0.0.3' })).data.count).toBe(1);
    const bindable = await call<ListResult<{ code: string }>>('POST', P.bindable, {
      page: 1,
      limit: 10,
      sceneId,
    });
    expect(bindable.data.list.map((c) => c.code)).toEqual(['CAM-T4']);
    const scenes = await call<Array<{ id: number; kind: string }>>(
      'GET',
      `${P.scenes}?kind=temporary`,
      undefined,
      operator,
    );
    expect(scenes.data.map((s) => s.id)).toEqual([tempSceneId]);
  });

  it('enables and disables single and in batch; an empty batch says 请选择需要删除的摄像头!', async () => {
    expect((await call('POST', P.disable(scA))).code).toBe(200);
    expect((await list({ enabled: false })).data.list.map((r) => r.id)).toEqual([scA]);
    expect((await call('POST', P.batchDisable, { ids: [scA, scB] })).code).toBe(200);
    expect((await list({ enabled: true })).data.count).toBe(1);
    expect((await call('POST', P.batchEnable, { ids: [scA, scB] })).code).toBe(200);
    expect((await call('POST', P.enable(scA))).code).toBe(200);
    expect((await list({ enabled: false })).data.count).toBe(0);
    const before = await snapshot();
    const empty = await call('POST', P.batchDisable, { ids: [] }, admin, 'zh-CN');
    expect(empty.code).toBe(400);
    expect(empty.message).toBe('请选择需要删除的摄像头!');
    const partlyMissing = await call('POST', P.batchDisable, { ids: [scA, 999_999] });
    expect(partlyMissing.code).toBe(404);
    await expectUnchanged(before);
  });

  it('adds algorithms at an allowed level with zones, and lists them', async () => {
    const res = await call<{ ids: number[] }>('POST', P.createAlgorithm, {
      sceneCameraId: scA,
      algorithms: [
        { algorithmId: algos.helmet, level: 120003, zones: [{ name: '装车区', points: SQUARE }] },
        { algorithmId: algos.smoke, level: 120004 },
      ],
    });
    expect(res.code).toBe(200);
    expect(res.data.ids).toHaveLength(2);
    const items = await call<SceneCameraAlgorithmItem[]>(
      'GET',
      P.algorithmList(sceneId, cams[0] ?? 0),
      undefined,
      operator,
    );
    expect(items.code).toBe(200);
    expect(items.data.map((a) => [a.algorithmName, a.level, a.zones.length])).toEqual([
      ['安全帽检测', 120003, 1],
      ['烟火检测', 120004, 0],
    ]);
    expect(items.data[0]?.zones[0]?.points).toEqual(SQUARE);
    expect((await list()).data.list[0]?.algorithmCount).toBe(2);
  });

  it('refuses: algorithm once per camera, twice in one request, a level not allowed, no algorithm', async () => {
    const before = await snapshot();
    const once = await call('POST', P.createAlgorithm, {
      sceneCameraId: scA,
      algorithms: [
        { algorithmId: algos.intrusion, level: 120001 },
        { algorithmId: algos.helmet, level: 120002 },
      ],
    });
    expect(once.code).toBe(409);
    expect(once.message).toBe('The same algorithm can be controlled only once per camera');
    const twice = await call(
      'POST',
      P.createAlgorithm,
      {
        sceneCameraId: scB,
        algorithms: [
          { algorithmId: algos.intrusion, level: 120001 },
          { algorithmId: algos.intrusion, level: 120002 },
        ],
      },
      admin,
      'zh-CN',
    );
    expect(twice.code).toBe(400);
    expect(twice.message).toBe('请勿添加相同算法');
    const level = await call('POST', P.createAlgorithm, {
      sceneCameraId: scB,
      algorithms: [{ algorithmId: algos.intrusion, level: 120004 }],
    });
    expect(level.code).toBe(400);
    expect(level.message).toBe('Only one level can be selected for the same algorithm');
    const twoLevels = await call('POST', P.createAlgorithm, {
      sceneCameraId: scB,
      algorithms: [{ algorithmId: algos.intrusion, level: [120001, 120002] }],
    });
    expect(twoLevels.code).toBe(400);
    expect(twoLevels.message).toBe('Only one level can be selected for the same algorithm');
    const none = await call(
      'POST',
      P.createAlgorithm,
      { sceneCameraId: scB, algorithms: [] },
      admin,
      'zh-CN',
    );
    expect(none.code).toBe(400);
    expect(none.message).toBe('请先选择算法！');
    await expectUnchanged(before);
  });

  const helmetOnA = async () => {
    const items = await call<SceneCameraAlgorithmItem[]>('GET', P.algorithmList(sceneId, cams[0] ?? 0));
    const helmet = items.data.find((a) => a.algorithmId === algos.helmet);
    if (!helmet) throw new Error('helmet algorithm missing');
    return helmet;
  };

  it('saves up to 5 zones; a 6th, a 2-point polygon or a point outside the image are refused', async () => {
    const owner = (await helmetOnA()).id;
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `区域${i + 1}`, points: SQUARE }));
    const saved = await call<ZoneItem[]>('PUT', P.saveZones, { sceneCameraAlgorithmId: owner, zones: five });
    expect(saved.code).toBe(200);
    expect(saved.data.map((z) => z.name)).toEqual(['区域1', '区域2', '区域3', '区域4', '区域5']);
    const before = await snapshot();
    const six = await call(
      'PUT',
      P.saveZones,
      {
        sceneCameraAlgorithmId: owner,
        zones: [...five, { name: '区域6', points: SQUARE }],
      },
      admin,
      'zh-CN',
    );
    expect(six.code).toBe(400);
    expect(six.message).toBe('自定义区域最多5个');
    const sixOnCreate = await call('POST', P.createAlgorithm, {
      sceneCameraId: scB,
      algorithms: [{ algorithmId: algos.intrusion, level: 120001, zones: [...five, { points: SQUARE }] }],
    });
    expect(sixOnCreate.code).toBe(400);
    for (const points of [
      [
        [0.1, 0.1],
        [0.5, 0.5],
      ],
      [
        [0.1, 0.1],
        [1.2, 0.1],
        [0.5, 0.5],
      ],
      [
        [0.1, -0.01],
        [0.2, 0.1],
        [0.5, 0.5],
      ],
    ]) {
      const bad = await call('PUT', P.saveZones, {
        sceneCameraAlgorithmId: owner,
        zones: [{ name: 'x', points }],
      });
      expect(bad.code).toBe(400);
      expect(bad.message).toBe('A zone needs at least 3 points inside the image');
    }
    const foreignId = await call('PUT', P.saveZones, {
      sceneCameraAlgorithmId: owner,
      zones: [{ id: 999_999, name: 'x', points: SQUARE }],
    });
    expect(foreignId.code).toBe(400);
    await expectUnchanged(before);
  });

  it('keeps zone ids on save, persists the sort order, and answers the area lists', async () => {
    const helmet = await helmetOnA();
    const ids = helmet.zones.map((z) => z.id);
    const kept = helmet.zones
      .slice(0, 3)
      .map((z, i) => ({ id: z.id, name: `${z.name}改`, points: i === 0 ? SQUARE.slice(0, 3) : z.points }));
    const saved = await call<ZoneItem[]>('PUT', P.saveZones, {
      sceneCameraAlgorithmId: helmet.id,
      zones: kept,
    });
    expect(saved.data.map((z) => z.id)).toEqual(ids.slice(0, 3));
    const reversed = [...ids.slice(0, 3)].reverse();
    const before = await snapshot();
    const incomplete = await call('POST', P.zoneSort, {
      sceneCameraAlgorithmId: helmet.id,
      zoneIds: reversed.slice(0, 2),
    });
    expect(incomplete.code).toBe(400);
    await expectUnchanged(before);
    const sorted = await call<ZoneItem[]>('POST', P.zoneSort, {
      sceneCameraAlgorithmId: helmet.id,
      zoneIds: reversed,
    });
    expect(sorted.code).toBe(200);
    const areas = await call<AlgorithmArea[]>('GET', P.areaList(sceneId, cams[0] ?? 0), undefined, operator);
    const helmetArea = areas.data.find((a) => a.algorithmId === algos.helmet);
    expect(helmetArea?.zones.map((z) => z.id)).toEqual(reversed);
    expect(helmetArea?.zones.map((z) => z.sort)).toEqual([0, 1, 2]);
    // The temporaryWork variant answers only for temporary job scenes.
    expect((await call('GET', P.temporaryAreaList(sceneId, cams[0] ?? 0))).code).toBe(404);
    await call('POST', P.bind, { sceneId: tempSceneId, cameraId: cams[3] });
    const temp = await call<AlgorithmArea[]>('GET', P.temporaryAreaList(tempSceneId, cams[3] ?? 0));
    expect(temp.code).toBe(200);
    expect(temp.data).toEqual([]);
  });

  it('operators may read but every write answers 403 and changes nothing', async () => {
    const before = await snapshot();
    const writes: Array<['POST' | 'PUT' | 'DELETE', string, unknown]> = [
      ['POST', P.bind, { sceneId, cameraId: cams[3] }],
      ['POST', P.bindMany, { sceneId, cameraIds: [cams[3]] }],
      ['POST', P.disable(scA), undefined],
      ['POST', P.batchDisable, { ids: [scA] }],
      ['DELETE', P.unbind(scA), undefined],
      ['DELETE', P.batchUnbind, { ids: [scA] }],
      [
        'POST',
        P.createAlgorithm,
        { sceneCameraId: scB, algorithms: [{ algorithmId: algos.intrusion, level: 120001 }] },
      ],
      ['DELETE', P.algorithmBatchDelete, { ids: [1] }],
      ['PUT', P.saveZones, { sceneCameraAlgorithmId: 1, zones: [] }],
      ['POST', P.zoneSort, { sceneCameraAlgorithmId: 1, zoneIds: [1] }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(method, url, payload, operator);
      expect(res.code, `${method} ${url}`).toBe(403);
    }
    await expectUnchanged(before);
    expect(await list({})).toMatchObject({ code: 200 });
  });

  it('describes its paths in the OpenAPI document', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        P.list,
        P.createAlgorithm,
        P.zoneSort,
        '/api/v2/backend/scene/camera/algorithm/area/{a}/{b}/temporaryWork/algorithmAreaList',
      ]),
    );
  });

  it('batch-deletes algorithms with their zones', async () => {
    const smoke = (
      await call<SceneCameraAlgorithmItem[]>('GET', P.algorithmList(sceneId, cams[0] ?? 0))
    ).data.find((a) => a.algorithmId === algos.smoke);
    const before = await snapshot();
    const empty = await call('DELETE', P.algorithmBatchDelete, { ids: [] });
    expect(empty.code).toBe(400);
    expect((await call('DELETE', P.algorithmBatchDelete, { ids: [smoke?.id, 999_999] })).code).toBe(404);
    await expectUnchanged(before);
    expect((await call('DELETE', P.algorithmBatchDelete, { ids: [smoke?.id] })).code).toBe(200);
    const left = await call<SceneCameraAlgorithmItem[]>('GET', P.algorithmList(sceneId, cams[0] ?? 0));
    expect(left.data.map((a) => a.algorithmId)).toEqual([algos.helmet]);
  });

  it('unbinding cascades to algorithms and zones; batch unbind with none selected is refused', async () => {
    const before = await snapshot();
    const empty = await call('DELETE', P.batchUnbind, { ids: [] }, admin, 'zh-CN');
    expect(empty.code).toBe(400);
    expect(empty.message).toBe('请选择需要删除的摄像头!');
    await expectUnchanged(before);
    const helmet = await helmetOnA();
    expect(helmet.zones.length).toBeGreaterThan(0);
    const res = await call('DELETE', P.unbind(scA));
    expect(res.code).toBe(200);
    expect(res.message).toBe('Deleted successfully!');
    expect(
      await app.db.select().from(sceneCameraAlgorithm).where(eq(sceneCameraAlgorithm.sceneCameraId, scA)),
    ).toEqual([]);
    expect(
      await app.db.select().from(detectionZone).where(eq(detectionZone.sceneCameraAlgorithmId, helmet.id)),
    ).toEqual([]);
    expect((await call('GET', P.algorithmList(sceneId, cams[0] ?? 0))).code).toBe(404);
    expect((await call('DELETE', P.batchUnbind, { ids: [scB] })).code).toBe(200);
    expect((await list()).data.count).toBe(1);
    const audit = await app.db.select({ action: auditLog.action }).from(auditLog);
    const actions = new Set(audit.map((a) => a.action));
    for (const action of [
      'sceneCamera.bind',
      'sceneCamera.enable',
      'sceneCamera.disable',
      'sceneCamera.unbind',
      'sceneCameraAlgorithm.create',
      'sceneCameraAlgorithm.delete',
      'detectionZone.save',
      'detectionZone.sort',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
  });
});

describe('scene cameras demo seed', () => {
  let app: FastifyInstance;
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    app = await buildTestApp(tdb);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('skips quietly when scenes, cameras or algorithms are missing', async () => {
    await seedSceneCameras(app.db, { mediaDir: '/nonexistent' });
    expect(await app.db.select().from(sceneCamera)).toEqual([]);
  });

  it('binds 2–4 cameras per scene, 1–3 algorithms per camera at an allowed level, and valid zones', async () => {
    const [area] = await app.db.insert(plantNode).values({ name: '焦化车间', kind: 'area' }).returning();
    if (!area) throw new Error('no area');
    await app.db.insert(scene).values(
      ['装车区', '配煤仓', '动火作业', '受限空间'].map((name, i) => ({
        name,
        kind: i < 2 ? 'general' : 'job',
        areaId: area.id,
      })),
    );
    await app.db
      .insert(camera)
      .values(
        Array.from({ length: 6 }, (_, i) => ({ name: `摄像机${i}`, code: `CAM-S${i}`, areaId: area.id })),
      );
    await app.db.insert(algorithm).values([
      { code: 'a1', name: '安全帽', levels: [120002, 120003] },
      { code: 'a2', name: '烟火', levels: [120004], defaultLevel: 120004 },
      { code: 'a3', name: '入侵', levels: [120001] },
    ]);
    await seedSceneCameras(app.db, { mediaDir: '/nonexistent' });
    const bindings = await app.db.select().from(sceneCamera);
    const perScene = new Map<number, number>();
    for (const b of bindings) perScene.set(b.sceneId, (perScene.get(b.sceneId) ?? 0) + 1);
    expect(perScene.size).toBe(4);
    for (const n of perScene.values()) expect(n).toBeGreaterThanOrEqual(2);
    for (const n of perScene.values()) expect(n).toBeLessThanOrEqual(4);
    const catalogue = new Map((await app.db.select().from(algorithm)).map((a) => [a.id, a]));
    const runs = await app.db.select().from(sceneCameraAlgorithm);
    for (const b of bindings) {
      const mine = runs.filter((r) => r.sceneCameraId === b.id);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(3);
      for (const r of mine) expect(catalogue.get(r.algorithmId)?.levels).toContain(r.level);
    }
    const zones = await app.db.select().from(detectionZone);
    expect(zones.length).toBeGreaterThan(0);
    for (const z of zones) expect(zoneInput.safeParse({ name: z.name, points: z.points }).success).toBe(true);
  });
});
