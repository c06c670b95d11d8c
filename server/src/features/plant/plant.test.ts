import {
  type Envelope,
  PLANT_API,
  type PlantFlatNode,
  type PlantNode,
  type PlantNodeDetail,
  type PlantTreeNode,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, camera, scene } from '../../db/schema/index.ts';
import { apiCaller, backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';

describe.each(backends)('plant tree on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
  });

  const call = apiCaller(
    () => app,
    () => admin,
  );
  const create = async (payload: object) => {
    const res = await call('POST', PLANT_API.create, payload);
    expect(res.statusCode, res.body).toBe(200);
    return body<PlantNode>(res).data;
  };
  const tree = async () => body<PlantTreeNode[]>(await call('GET', PLANT_API.tree)).data;
  const flat = async () => body<PlantFlatNode[]>(await call('GET', PLANT_API.nodes)).data;

  it('builds factories, plants and areas into a nested tree and a flat list with paths', async () => {
    const east = await create({ kind: 'factory', name: '东区煤化工厂', code: 'F-E' });
    const coking = await create({ kind: 'plant', parentId: east.id, name: '焦化车间' });
    const furnace = await create({ kind: 'area', parentId: coking.id, name: '1号炉区', sort: 2 });
    await create({ kind: 'area', parentId: coking.id, name: '装车站', sort: 1 });
    await create({ kind: 'area', parentId: furnace.id, name: '炉顶平台' });
    expect(east).toMatchObject({ parentId: null, kind: 'factory', name: '东区煤化工厂', code: 'F-E' });

    const roots = await tree();
    const root = roots.find((n) => n.id === east.id);
    expect(root?.children.map((c) => c.name)).toEqual(['焦化车间']);
    expect(root?.children[0]?.children.map((c) => c.name)).toEqual(['装车站', '1号炉区']);
    expect(root?.children[0]?.children[1]?.children.map((c) => c.name)).toEqual(['炉顶平台']);

    const list = await flat();
    expect(list.find((n) => n.name === '炉顶平台')).toMatchObject({
      path: '东区煤化工厂 / 焦化车间 / 1号炉区 / 炉顶平台',
      depth: 3,
      kind: 'area',
    });
    const areas = body<PlantFlatNode[]>(await call('GET', `${PLANT_API.nodes}?kind=area`)).data;
    expect(areas.every((n) => n.kind === 'area')).toBe(true);
    expect(areas.map((n) => n.name)).toEqual(['装车站', '1号炉区', '炉顶平台']);

    // Reads are for every logged-in user (pickers), never anonymous.
    expect((await call('GET', PLANT_API.tree, undefined, operator)).statusCode).toBe(200);
    expect((await app.inject({ url: PLANT_API.tree })).statusCode).toBe(401);

    const detail = body<PlantNodeDetail>(await call('GET', PLANT_API.node(furnace.id))).data;
    expect(detail).toMatchObject({ name: '1号炉区', childCount: 1, cameraCount: 0, sceneCount: 0 });
    expect((await call('GET', PLANT_API.node(999_999))).statusCode).toBe(404);
  });

  it('requires a name and a parent, with the SPEC messages in both languages, creating nothing', async () => {
    const before = await flat();
    const noName = await call('POST', PLANT_API.create, { kind: 'factory', name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toBe('The node name cannot be empty');
    expect(body(noName).data).toEqual({
      fields: [{ field: 'name', message: 'The node name cannot be empty' }],
    });
    const zhName = await call('POST', PLANT_API.create, { kind: 'area', name: '' }, admin, 'zh-CN');
    expect(body(zhName).message).toBe('节点名称不能为空');

    const noParent = await call('POST', PLANT_API.create, { kind: 'area', name: '配电室' });
    expect(noParent.statusCode).toBe(400);
    expect(body(noParent).message).toBe('The parent node cannot be empty');
    const zhParent = await call('POST', PLANT_API.create, { kind: 'plant', name: '配电室' }, admin, 'zh-CN');
    expect(body(zhParent).message).toBe('上级节点不能为空');
    expect(body(zhParent).data).toEqual({ fields: [{ field: 'parentId', message: '上级节点不能为空' }] });
    const missingParent = await call('POST', PLANT_API.create, {
      kind: 'area',
      name: '配电室',
      parentId: 999_999,
    });
    expect(body(missingParent).message).toBe('The parent node cannot be empty');

    // Kinds: a plant belongs to a factory, an area to a plant or area, a factory is a root.
    const factory = before.find((n) => n.kind === 'factory') as PlantFlatNode;
    const area = before.find((n) => n.kind === 'area') as PlantFlatNode;
    for (const payload of [
      { kind: 'area', name: 'x', parentId: factory.id },
      { kind: 'plant', name: 'x', parentId: area.id },
      { kind: 'factory', name: 'x', parentId: factory.id },
    ]) {
      const res = await call('POST', PLANT_API.create, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('A plant belongs to a factory, and an area to a plant or another area');
    }
    expect((await call('POST', PLANT_API.create, { kind: 'zone', name: 'x' })).statusCode).toBe(400);
    expect(await flat()).toEqual(before);
  });

  it('keeps sibling names unique (409 common.duplicate), the same name elsewhere is fine', async () => {
    const factory = await create({ kind: 'factory', name: '西区焦化厂' });
    const plant = await create({ kind: 'plant', parentId: factory.id, name: '化产车间' });
    await create({ kind: 'area', parentId: plant.id, name: '罐区' });
    const dup = await call('POST', PLANT_API.create, { kind: 'area', parentId: plant.id, name: ' 罐区 ' });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('Do not add repeatedly');
    const dupFactory = await call(
      'POST',
      PLANT_API.create,
      { kind: 'factory', name: '西区焦化厂' },
      admin,
      'zh-CN',
    );
    expect(dupFactory.statusCode).toBe(409);
    expect(body(dupFactory).message).toBe('请勿重复添加');
    const plant2 = await create({ kind: 'plant', parentId: factory.id, name: '备煤车间' });
    await create({ kind: 'area', parentId: plant2.id, name: '罐区' });
    // Renaming into a sibling's name is refused too.
    const other = await create({ kind: 'area', parentId: plant.id, name: '泵房' });
    const rename = await call('PUT', PLANT_API.node(other.id), { name: '罐区' });
    expect(rename.statusCode).toBe(409);
    expect(body<PlantNodeDetail>(await call('GET', PLANT_API.node(other.id))).data.name).toBe('泵房');
  });

  it('renames and edits a node, and audits it', async () => {
    const factory = await create({ kind: 'factory', name: '南区电厂' });
    const res = await call('PUT', PLANT_API.node(factory.id), {
      name: '南区热电厂',
      code: 'F-S',
      description: '自备电厂',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Saved successfully');
    expect(body<PlantNode>(res).data).toMatchObject({
      name: '南区热电厂',
      code: 'F-S',
      description: '自备电厂',
    });
    const empty = await call('PUT', PLANT_API.node(factory.id), { name: '' });
    expect(body(empty).message).toBe('The node name cannot be empty');
    expect((await call('PUT', PLANT_API.node(999_999), { name: 'x' })).statusCode).toBe(404);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `plant_node:${factory.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual(['plant.create', 'plant.update']);
  });

  it('moves a node, never under itself or a descendant, nor under the wrong kind', async () => {
    const f = await create({ kind: 'factory', name: '北区厂' });
    const p1 = await create({ kind: 'plant', parentId: f.id, name: '一车间' });
    const p2 = await create({ kind: 'plant', parentId: f.id, name: '二车间' });
    const a = await create({ kind: 'area', parentId: p1.id, name: '配电室' });
    const sub = await create({ kind: 'area', parentId: a.id, name: '低压室' });

    const moved = await call('PUT', PLANT_API.move(a.id), { parentId: p2.id });
    expect(moved.statusCode).toBe(200);
    expect(body<PlantNode>(moved).data.parentId).toBe(p2.id);
    expect((await flat()).find((n) => n.id === sub.id)?.path).toBe('北区厂 / 二车间 / 配电室 / 低压室');

    for (const target of [a.id, sub.id]) {
      const cycle = await call('PUT', PLANT_API.move(a.id), { parentId: target }, admin, 'zh-CN');
      expect(cycle.statusCode).toBe(400);
      expect(body(cycle).message).toBe('节点不能移动到自身之下');
    }
    const wrongKind = await call('PUT', PLANT_API.move(a.id), { parentId: f.id });
    expect(wrongKind.statusCode).toBe(400);
    const noParent = await call('PUT', PLANT_API.move(a.id), {});
    expect(body(noParent).message).toBe('The parent node cannot be empty');
    const factoryMove = await call('PUT', PLANT_API.move(f.id), { parentId: p1.id });
    expect(factoryMove.statusCode).toBe(400);
    // A sibling with the same name under the new parent: 409.
    await create({ kind: 'area', parentId: p1.id, name: '配电室' });
    const clash = await call('PUT', PLANT_API.move(a.id), { parentId: p1.id });
    expect(clash.statusCode).toBe(409);
    expect((await flat()).find((n) => n.id === a.id)?.parentId).toBe(p2.id);
  });

  it('refuses to delete a node with children, cameras or scenes (409), deletes an empty one', async () => {
    const f = await create({ kind: 'factory', name: '删除测试厂' });
    const p = await create({ kind: 'plant', parentId: f.id, name: '测试车间' });
    const withCamera = await create({ kind: 'area', parentId: p.id, name: '有摄像机的区域' });
    const withScene = await create({ kind: 'area', parentId: p.id, name: '有场景的区域' });
    const empty = await create({ kind: 'area', parentId: p.id, name: '空区域' });
    await app.db.insert(camera).values({ name: 'cam', code: `DEL-${backend}`, areaId: withCamera.id });
    await app.db.insert(scene).values({ name: `scene-${backend}`, areaId: withScene.id });

    const before = await flat();
    for (const id of [f.id, p.id, withCamera.id, withScene.id]) {
      const res = await call('DELETE', PLANT_API.node(id));
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(
        'This node still has child nodes, cameras or scenes and cannot be deleted',
      );
    }
    const zh = await call('DELETE', PLANT_API.node(p.id), undefined, admin, 'zh-CN');
    expect(body(zh).message).toBe('该节点下仍有子节点、摄像机或场景，无法删除');
    expect(await flat()).toEqual(before);

    const detail = body<PlantNodeDetail>(await call('GET', PLANT_API.node(withCamera.id))).data;
    expect(detail.cameraCount).toBe(1);

    const ok = await call('DELETE', PLANT_API.node(empty.id));
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe('Deleted successfully!');
    expect((await flat()).some((n) => n.id === empty.id)).toBe(false);
    expect((await call('DELETE', PLANT_API.node(empty.id))).statusCode).toBe(404);
  });

  it('lets only the managing pages write (operator: 403, changes nothing)', async () => {
    const before = await flat();
    const factory = before.find((n) => n.kind === 'factory') as PlantFlatNode;
    const attempts = [
      call('POST', PLANT_API.create, { kind: 'factory', name: '越权厂' }, operator),
      call('PUT', PLANT_API.node(factory.id), { name: '越权' }, operator),
      call('DELETE', PLANT_API.node(factory.id), undefined, operator),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect((res.json() as Envelope<null>).status).toBe(-403);
    }
    expect(await flat()).toEqual(before);
  });
});
