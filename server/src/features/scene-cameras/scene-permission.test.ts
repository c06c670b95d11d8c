import { SCENE_CAMERA_API as P } from '@sentinel/contract';
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  algorithm,
  camera,
  detectionZone,
  menu,
  plantNode,
  role,
  roleMenu,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
} from '../../db/schema/index.ts';
import { backends, body, createAccount, login, uniqueName, useTestApp } from '../../test/helpers.ts';

const SQUARE: Array<[number, number]> = [
  [0.1, 0.1],
  [0.5, 0.1],
  [0.5, 0.5],
  [0.1, 0.5],
];

/**
 * The temporary-job pages write cameras in scenes with their own codes: temporaryOperationScene
 * binds, enables and unbinds cameras of temporary job scenes, temporaryAlgorithm edits their
 * algorithms and zones; neither reaches general or job scenes.
 */
describe.each(backends)('temporary job scene permissions on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  let binder: string; // role with only temporaryOperationScene
  let controller: string; // role with only temporaryAlgorithm
  let generalId = 0;
  let tempId = 0;
  const cams: number[] = [];
  let algoId = 0;

  /** A role granted exactly the given menu codes, and a logged-in account holding it. */
  const accountWith = async (codes: string[]) => {
    const [r] = await app.db
      .insert(role)
      .values({ name: uniqueName('role'), displayName: 'Test' })
      .returning();
    if (!r) throw new Error('no role');
    const menus = await app.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes));
    expect(menus).toHaveLength(codes.length);
    await app.db.insert(roleMenu).values(menus.map((m) => ({ roleId: r.id, menuId: m.id })));
    return login(app, await createAccount(app, { roles: [r.name] }));
  };

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    binder = await accountWith(['temporaryOperationScene']);
    controller = await accountWith(['temporaryAlgorithm']);
    const [area] = await app.db.insert(plantNode).values({ name: '焦化车间', kind: 'area' }).returning();
    if (!area) throw new Error('no area');
    const scenes = await app.db
      .insert(scene)
      .values([
        { name: '皮带廊', kind: 'general', areaId: area.id },
        { name: '临时吊装', kind: 'temporary', areaId: area.id },
      ])
      .returning();
    generalId = scenes[0]?.id ?? 0;
    tempId = scenes[1]?.id ?? 0;
    for (let i = 1; i <= 3; i++) {
      const [row] = await app.db
        .insert(camera)
        .values({ name: `摄像机${i}`, code: `CAM-P${i}`, ip: `10.1.0.${i}`, areaId: area.id })
        .returning();
      if (row) cams.push(row.id);
    }
    const [algo] = await app.db
      .insert(algorithm)
      .values({ code: 'helmet', name: '安全帽检测', levels: [120002, 120003] })
      .returning();
    algoId = algo?.id ?? 0;
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload: unknown,
    token: string,
  ) => {
    const res = await app.inject({ method, url, payload: payload as object, headers: { token, lang: 'en' } });
    return { code: res.statusCode, ...body<T>(res) };
  };

  const snapshot = async () => ({
    sc: await app.db.select().from(sceneCamera).orderBy(asc(sceneCamera.id)),
    sca: await app.db.select().from(sceneCameraAlgorithm).orderBy(asc(sceneCameraAlgorithm.id)),
    zones: await app.db.select().from(detectionZone).orderBy(asc(detectionZone.id)),
  });

  let tempSc = 0;
  let generalSc = 0;

  it('temporaryOperationScene binds, disables, enables and unbinds cameras of a temporary scene', async () => {
    const bound = await call<{ id: number }>('POST', P.bind, { sceneId: tempId, cameraId: cams[0] }, binder);
    expect(bound).toMatchObject({ code: 200, message: 'Saved successfully' });
    tempSc = bound.data.id;
    expect(
      await call('POST', P.bindMany, { sceneId: tempId, cameraIds: [cams[1], cams[2]] }, binder),
    ).toMatchObject({ code: 200, data: { added: [cams[1], cams[2]], skipped: [] } });
    expect((await call('POST', P.disable(tempSc), undefined, binder)).code).toBe(200);
    expect((await call('POST', P.batchEnable, { ids: [tempSc] }, binder)).code).toBe(200);
    const rows = await app.db.select().from(sceneCamera).orderBy(asc(sceneCamera.id));
    expect(rows.map((r) => [r.sceneId, r.enabled])).toEqual([
      [tempId, true],
      [tempId, true],
      [tempId, true],
    ]);
    const last = rows[2]?.id ?? 0;
    expect((await call('DELETE', P.unbind(last), undefined, binder)).code).toBe(200);
    expect(await app.db.select().from(sceneCamera)).toHaveLength(2);
  });

  it('temporaryOperationScene gets 403 on a general scene and changes nothing', async () => {
    const made = await call<{ id: number }>('POST', P.bind, { sceneId: generalId, cameraId: cams[0] }, admin);
    expect(made.code).toBe(200);
    generalSc = made.data.id;
    const before = await snapshot();
    const writes: Array<['POST' | 'DELETE', string, unknown]> = [
      ['POST', P.bind, { sceneId: generalId, cameraId: cams[1] }],
      ['POST', P.bindMany, { sceneId: generalId, cameraIds: [cams[1]] }],
      ['POST', P.disable(generalSc), undefined],
      ['POST', P.batchDisable, { ids: [generalSc] }],
      // A batch mixing a temporary and a general scene camera is refused as a whole.
      ['POST', P.batchDisable, { ids: [tempSc, generalSc] }],
      ['DELETE', P.unbind(generalSc), undefined],
      ['DELETE', P.batchUnbind, { ids: [tempSc, generalSc] }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(method, url, payload, binder);
      expect(res, `${method} ${url}`).toMatchObject({ code: 403, message: expect.any(String) });
    }
    expect(await snapshot()).toEqual(before);
    // Binding does not grant algorithm writes.
    const res = await call(
      'POST',
      P.createAlgorithm,
      { sceneCameraId: tempSc, algorithms: [{ algorithmId: algoId, level: 120002 }] },
      binder,
    );
    expect(res.code).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('temporaryAlgorithm saves algorithms and zones of temporary scenes only', async () => {
    const created = await call<{ ids: number[] }>(
      'POST',
      P.createAlgorithm,
      { sceneCameraId: tempSc, algorithms: [{ algorithmId: algoId, level: 120002 }] },
      controller,
    );
    expect(created.code).toBe(200);
    const [tempAlgo] = created.data.ids;
    const saved = await call(
      'PUT',
      P.saveZones,
      { sceneCameraAlgorithmId: tempAlgo, zones: [{ points: SQUARE }] },
      controller,
    );
    expect(saved.code).toBe(200);

    const general = await call<{ ids: number[] }>(
      'POST',
      P.createAlgorithm,
      { sceneCameraId: generalSc, algorithms: [{ algorithmId: algoId, level: 120002 }] },
      admin,
    );
    const [generalAlgo] = general.data.ids;
    const before = await snapshot();
    const writes: Array<['POST' | 'PUT' | 'DELETE', string, unknown]> = [
      [
        'POST',
        P.createAlgorithm,
        { sceneCameraId: generalSc, algorithms: [{ algorithmId: algoId, level: 120003 }] },
      ],
      ['PUT', P.saveZones, { sceneCameraAlgorithmId: generalAlgo, zones: [{ points: SQUARE }] }],
      ['POST', P.zoneSort, { sceneCameraAlgorithmId: generalAlgo, zoneIds: [1] }],
      ['DELETE', P.algorithmBatchDelete, { ids: [tempAlgo, generalAlgo] }],
      // Algorithm rights do not grant binding.
      ['POST', P.bind, { sceneId: tempId, cameraId: cams[2] }],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, payload, controller)).code, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('DELETE', P.algorithmBatchDelete, { ids: [tempAlgo] }, controller)).code).toBe(200);
  });

  it('a missing scene camera still answers 404 to a temporary-only role', async () => {
    expect((await call('POST', P.disable(999_999), undefined, binder)).code).toBe(404);
  });
});
