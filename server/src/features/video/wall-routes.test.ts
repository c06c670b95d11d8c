import { VIDEO_API, VIDEO_WALL_API, type VideoWallCameras } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, accountRegion, camera, plantNode } from '../../db/schema/index.ts';
import { backends, createAccount, login } from '../../test/helpers.ts';
import { type VideoHarness, videoHarness } from './stream-test-support.ts';

describe.each(backends)('video wall camera list on %s', (backend) => {
  let h: VideoHarness;

  beforeAll(async () => {
    h = await videoHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (token?: string) => h.get<VideoWallCameras>(VIDEO_WALL_API.cameras, { token });

  it('answers 401 without a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: VIDEO_WALL_API.cameras });
    expect(res.statusCode).toBe(401);
  });

  it('gives an operator without device permissions every enabled camera with plant, area and scenes', async () => {
    const res = await list(h.operator.token);
    expect(res.statusCode).toBe(200);
    const a = res.body.data.cameras.find((c) => c.id === h.refs.cameraA);
    expect(a).toMatchObject({
      areaId: h.refs.areaA,
      areaName: '区域A',
      online: false,
      sceneIds: [h.refs.sceneA],
    });
    expect(a?.factoryName.startsWith('厂A')).toBe(true);
    const b = res.body.data.cameras.find((c) => c.id === h.refs.cameraB);
    expect(b?.sceneIds).toEqual([h.refs.sceneB]);
    const sceneIds = res.body.data.scenes.map((s) => s.id);
    expect(sceneIds).toEqual(expect.arrayContaining([h.refs.sceneA, h.refs.sceneB]));
  });

  it('names the plant between the factory and the area, and reports the online flag', async () => {
    const [plant] = await h.app.db
      .insert(plantNode)
      .values({ name: 'Plant 1', kind: 'plant', parentId: h.refs.factoryA })
      .returning({ id: plantNode.id });
    const [area] = await h.app.db
      .insert(plantNode)
      .values({ name: 'Belt', kind: 'area', parentId: plant?.id ?? null })
      .returning({ id: plantNode.id });
    const [cam] = await h.app.db
      .insert(camera)
      .values({ name: 'Belt head', code: `BELT-${Date.now()}`, areaId: area?.id ?? null, online: true })
      .returning({ id: camera.id });
    const res = await list(h.operator.token);
    const found = res.body.data.cameras.find((c) => c.id === cam?.id);
    expect(found).toMatchObject({ name: 'Belt head', plantName: 'Plant 1', areaName: 'Belt', online: true });
    expect(found?.factoryName.startsWith('厂A')).toBe(true);
    expect(found?.sceneIds).toEqual([]);
  });

  it('leaves out disabled cameras', async () => {
    await h.app.db.update(camera).set({ enabled: false }).where(eq(camera.id, h.refs.cameraB));
    const res = await list(h.operator.token);
    expect(res.body.data.cameras.some((c) => c.id === h.refs.cameraB)).toBe(false);
    await h.app.db.update(camera).set({ enabled: true }).where(eq(camera.id, h.refs.cameraB));
  });

  it("limits an account to its scenes' cameras and scenes", async () => {
    const res = await list(h.scoped.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.cameras.map((c) => c.id)).toEqual([h.refs.cameraA]);
    expect(res.body.data.scenes.map((s) => s.id)).toEqual([h.refs.sceneA]);
  });

  it('adds the cameras of a region the account manages, bound or not, and plays them', async () => {
    const manager = await createAccount(h.app, { roles: ['operator'] });
    await h.app.db.update(account).set({ allScenes: false }).where(eq(account.id, manager.id));
    const [cameraB] = await h.app.db
      .select({ areaId: camera.areaId })
      .from(camera)
      .where(eq(camera.id, h.refs.cameraB));
    const [unbound] = await h.app.db
      .insert(camera)
      .values({ name: 'region-only', code: 'REGION-ONLY', areaId: cameraB?.areaId ?? null })
      .returning({ id: camera.id });
    await h.app.db.insert(accountRegion).values({ accountId: manager.id, plantNodeId: cameraB?.areaId ?? 0 });
    const token = await login(h.app, manager);
    const res = await list(token);
    const ids = res.body.data.cameras.map((c) => c.id);
    expect(ids).toContain(h.refs.cameraB);
    expect(ids).toContain(unbound?.id);
    expect(ids).not.toContain(h.refs.cameraA);
    const stream = await h.app.inject({
      method: 'GET',
      url: `${VIDEO_API.streamUrl}?cameraId=${unbound?.id}`,
      headers: { token },
    });
    expect(stream.statusCode).toBe(200);
    const refused = await h.app.inject({
      method: 'GET',
      url: `${VIDEO_API.streamUrl}?cameraId=${h.refs.cameraA}`,
      headers: { token },
    });
    expect(refused.statusCode).toBe(404);
    if (unbound) await h.app.db.delete(camera).where(eq(camera.id, unbound.id));
  });

  it('answers nothing to an account limited to no scene', async () => {
    const none = await createAccount(h.app, { roles: ['operator'] });
    await h.app.db.update(account).set({ allScenes: false }).where(eq(account.id, none.id));
    const res = await list(await login(h.app, none));
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ scenes: [], cameras: [] });
  });
});
