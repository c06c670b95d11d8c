import { type FixedOperationItem, SCENE_API, type SceneItem } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedOperation, jobType } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type AuthorityFixture, authorityFixture } from './authority-test-support.ts';

/**
 * Scene authority on the scenes API: lists answer only the caller's visible scenes (counts too),
 * reads and writes of other scenes answer 404 as unknown ones, and a limited account creates or
 * moves a scene only into an area it manages (403 otherwise).
 */
describe.each(backends)('scene authority on scenes (%s)', (backend) => {
  let f: AuthorityFixture;

  beforeAll(async () => {
    f = await authorityFixture(backend);
  });
  afterAll(async () => {
    await f?.close();
  });

  const listed = async (token: string) => {
    const res = await f.call<{ list: SceneItem[]; count: number }>('POST', SCENE_API.list, token, {
      page: 1,
      limit: 50,
      kind: 'general',
    });
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };
  const all = async (token: string) => {
    const res = await f.call<SceneItem[]>('POST', SCENE_API.listAll, token, { kind: 'general' });
    expect(res.statusCode).toBe(200);
    return res.body.data.map((s) => s.id).sort();
  };
  const sorted = (...ids: number[]) => [...ids].sort();

  it('lists only the visible scenes, with matching counts', async () => {
    const limited = await listed(f.limited);
    expect(limited.list.map((s) => s.id)).toEqual([f.scene.A]);
    expect(limited.count).toBe(1);
    expect(await all(f.limited)).toEqual([f.scene.A]);

    const regional = await listed(f.regional);
    expect(regional.list.map((s) => s.id).sort()).toEqual(sorted(f.scene.A, f.scene.C));
    expect(regional.count).toBe(2);
    expect(await all(f.regional)).toEqual(sorted(f.scene.A, f.scene.C));

    for (const token of [f.everyone, f.admin]) {
      const ids = (await listed(token)).list.map((s) => s.id);
      expect(ids).toEqual(expect.arrayContaining([f.scene.A, f.scene.B, f.scene.C]));
      expect(await all(token)).toEqual(expect.arrayContaining([f.scene.A, f.scene.B, f.scene.C]));
    }
  });

  it('answers 404 for reads of a hidden scene', async () => {
    expect((await f.call('GET', SCENE_API.one(f.scene.A), f.limited)).statusCode).toBe(200);
    expect((await f.call('GET', SCENE_API.detail(f.scene.A), f.limited)).statusCode).toBe(200);
    for (const url of [
      SCENE_API.one(f.scene.B),
      SCENE_API.detail(f.scene.B),
      SCENE_API.algorithmState(f.scene.B),
      SCENE_API.algorithm(f.scene.B, f.cam.b),
    ]) {
      const res = await f.call('GET', url, f.limited);
      expect(res.statusCode, url).toBe(404);
      expect(res.body.message).toBe((await f.call('GET', SCENE_API.one(999999), f.limited)).body.message);
    }
    // the region grant reaches scene C (area A1), not B
    expect((await f.call('GET', SCENE_API.one(f.scene.C), f.regional)).statusCode).toBe(200);
    expect((await f.call('GET', SCENE_API.one(f.scene.C), f.limited)).statusCode).toBe(404);
    expect((await f.call('GET', SCENE_API.one(f.scene.B), f.regional)).statusCode).toBe(404);
    expect((await f.call('GET', SCENE_API.one(f.scene.B), f.everyone)).statusCode).toBe(200);
    expect((await f.call('GET', SCENE_API.one(f.scene.B), f.admin)).statusCode).toBe(200);
  });

  it('answers 404 for writes of a hidden scene and changes nothing', async () => {
    const edit = (id: number, areaId: number) => ({ id, kind: 'general', name: `edited-${id}`, areaId });
    expect((await f.call('PUT', SCENE_API.scene, f.limited, edit(f.scene.B, f.node.B))).statusCode).toBe(404);
    expect((await f.call('POST', SCENE_API.disable(f.scene.B), f.limited)).statusCode).toBe(404);
    expect((await f.call('DELETE', SCENE_API.one(f.scene.B), f.limited)).statusCode).toBe(404);
    // a batch with one hidden scene: all or nothing
    const batch = await f.call('DELETE', SCENE_API.scene, f.limited, { ids: [f.scene.A, f.scene.B] });
    expect(batch.statusCode).toBe(404);
    const b = await f.call<SceneItem>('GET', SCENE_API.one(f.scene.B), f.admin);
    expect(b.body.data).toMatchObject({ enabled: true });
    expect(b.body.data.name).not.toMatch(/^edited/);
    expect((await f.call('GET', SCENE_API.one(f.scene.A), f.admin)).statusCode).toBe(200);

    // its own scene: editable in place; moving it to an area it does not manage is refused (403)
    const own = await f.call('PUT', SCENE_API.scene, f.limited, edit(f.scene.A, f.node.A1a));
    expect(own.statusCode).toBe(200);
    expect((await f.call('PUT', SCENE_API.scene, f.limited, edit(f.scene.A, f.node.B))).statusCode).toBe(403);
    // the regional account moves scene C within its region
    expect((await f.call('PUT', SCENE_API.scene, f.regional, edit(f.scene.C, f.node.A1a))).statusCode).toBe(
      200,
    );
    expect((await f.call('PUT', SCENE_API.scene, f.regional, edit(f.scene.C, f.node.A1))).statusCode).toBe(
      200,
    );
  });

  it('creates scenes only in managed areas for limited accounts', async () => {
    const body = (areaId: number) => ({ kind: 'general', name: `new-${Math.random()}`, areaId });
    expect((await f.call('POST', SCENE_API.scene, f.limited, body(f.node.A1a))).statusCode).toBe(403);
    expect((await f.call('POST', SCENE_API.scene, f.regional, body(f.node.B))).statusCode).toBe(403);
    const made = await f.call<SceneItem>('POST', SCENE_API.scene, f.regional, body(f.node.A1a));
    expect(made.statusCode).toBe(200);
    // visible to its creator through the region, hidden from the scene-limited account
    expect((await f.call('GET', SCENE_API.one(made.body.data.id), f.regional)).statusCode).toBe(200);
    expect((await f.call('GET', SCENE_API.one(made.body.data.id), f.limited)).statusCode).toBe(404);
    expect((await f.call('POST', SCENE_API.scene, f.everyone, body(f.node.B))).statusCode).toBe(200);
    expect((await f.call('POST', SCENE_API.scene, f.admin, body(f.node.B))).statusCode).toBe(200);
    expect((await f.call('DELETE', SCENE_API.one(made.body.data.id), f.regional)).statusCode).toBe(200);
  });

  it('fixed operations follow the scenes', async () => {
    const [type] = await f.app.db
      .insert(jobType)
      .values({ name: `type-${Math.random()}`, kind: 'fixed' })
      .returning({ id: jobType.id });
    if (!type) throw new Error('job type');
    const ops = await f.app.db
      .insert(fixedOperation)
      .values([
        { sceneId: f.scene.A, jobTypeId: type.id },
        { sceneId: f.scene.B, jobTypeId: type.id },
      ])
      .returning({ id: fixedOperation.id, sceneId: fixedOperation.sceneId });
    const list = await f.call<{ list: FixedOperationItem[]; count: number }>(
      'POST',
      SCENE_API.fixedOperationList,
      f.limited,
      { page: 1, limit: 50 },
    );
    expect(list.body.data.list.map((o) => o.sceneId)).toEqual([f.scene.A]);
    expect(list.body.data.count).toBe(1);
    const opOf = (sceneId: number) => ops.find((o) => o.sceneId === sceneId)?.id ?? 0;
    expect((await f.call('GET', SCENE_API.fixedOperation(opOf(f.scene.A)), f.limited)).statusCode).toBe(200);
    expect((await f.call('GET', SCENE_API.fixedOperation(opOf(f.scene.B)), f.limited)).statusCode).toBe(404);
    expect((await f.call('GET', SCENE_API.fixedOperation(opOf(f.scene.B)), f.admin)).statusCode).toBe(200);
  });
});
