import {
  type AlgorithmStateHoi,
  type JobTypeItem,
  type ListResult,
  SCENE_API,
  type SceneAlgorithmItem,
  type SceneDetail,
  type SceneItem,
} from '@sentinel/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  algorithm,
  auditLog,
  camera,
  plantNode,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
  temporaryJob,
  workflow,
} from '../../db/schema/index.ts';
import { backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';

describe.each(backends)('scenes on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let factoryId: number;
  let areaId: number;
  let area2Id: number;
  let workflowId: number;
  let hotWorkId: number;
  let confinedId: number;

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
    const [factory] = await app.db
      .insert(plantNode)
      .values({ name: '一厂', kind: 'factory' })
      .returning({ id: plantNode.id });
    factoryId = factory?.id ?? 0;
    const [a1, a2] = await app.db
      .insert(plantNode)
      .values([
        { name: '装车站', kind: 'area', parentId: factoryId },
        { name: '罐区', kind: 'area', parentId: factoryId },
      ])
      .returning({ id: plantNode.id });
    areaId = a1?.id ?? 0;
    area2Id = a2?.id ?? 0;
    const [flow] = await app.db
      .insert(workflow)
      .values({
        name: '动火作业流程',
        chart: {
          nodes: [
            { id: 'n1', shape: 'start', label: '开始', x: 0, y: 0 },
            { id: 'n2', shape: 'end', label: '结束', x: 0, y: 100 },
          ],
          edges: [{ id: 'e1', source: 'n1', target: 'n2' }],
        },
      })
      .returning({ id: workflow.id });
    workflowId = flow?.id ?? 0;
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    options: { token?: string; lang?: string } = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: { token: options.token ?? admin, lang: options.lang ?? 'en' },
    });
    return { code: res.statusCode, ...body<T>(res) };
  };
  const sceneCount = async () => Number((await app.db.select({ n: count() }).from(scene))[0]?.n ?? 0);

  describe('job types', () => {
    it('creates job types with unique names', async () => {
      const hot = await call<JobTypeItem>('POST', SCENE_API.jobType, { name: '动火作业', kind: 'fixed' });
      expect(hot.code).toBe(200);
      expect(hot.data).toMatchObject({ name: '动火作业', kind: 'fixed', sceneCount: 0 });
      hotWorkId = hot.data.id;
      const confined = await call<JobTypeItem>('POST', SCENE_API.jobType, { name: '受限空间作业' });
      confinedId = confined.data.id;
      await call('POST', SCENE_API.jobType, { name: '临时用电', kind: 'temporary' });
      const dup = await call('POST', SCENE_API.jobType, { name: '动火作业' }, { lang: 'zh-CN' });
      expect(dup.code).toBe(409);
      expect(dup.message).toBe('请勿重复添加');
      const empty = await call('POST', SCENE_API.jobType, { name: ' ' });
      expect(empty.code).toBe(400);
      expect(empty.data).toEqual({ fields: [{ field: 'name', message: 'This cannot be empty' }] });
    });

    it('lists, filters, edits; operators cannot write', async () => {
      const list = await call<ListResult<JobTypeItem>>('POST', SCENE_API.jobTypeList, { page: 1, limit: 10 });
      expect(list.data.count).toBe(3);
      const temp = await call<ListResult<JobTypeItem>>('POST', SCENE_API.jobTypeList, {
        page: 1,
        limit: 10,
        kind: 'temporary',
      });
      expect(temp.data.list.map((t) => t.name)).toEqual(['临时用电']);
      const all = await call<JobTypeItem[]>('POST', SCENE_API.jobTypeListAll, {}, { token: operator });
      expect(all.data.map((t) => t.name)).toEqual(['临时用电', '动火作业', '受限空间作业'].sort());
      const edit = await call<JobTypeItem>('PUT', SCENE_API.jobType, {
        id: confinedId,
        name: '受限空间作业',
        kind: 'fixed',
        description: '进入受限空间',
      });
      expect(edit.data.description).toBe('进入受限空间');
      const denied = await call('POST', SCENE_API.jobType, { name: '吊装作业' }, { token: operator });
      expect(denied.code).toBe(403);
      expect((await call<JobTypeItem[]>('POST', SCENE_API.jobTypeListAll, {})).data).toHaveLength(3);
    });
  });

  describe('scene rules', () => {
    it('answers the SPEC messages for a missing name, area and job type (en and zh)', async () => {
      const en = await call('POST', SCENE_API.scene, { kind: 'job', name: '' });
      expect(en.code).toBe(400);
      expect(en.data).toEqual({
        fields: [
          { field: 'name', message: 'The scene name cannot be empty' },
          { field: 'areaId', message: 'The area cannot be empty' },
          { field: 'jobTypeId', message: 'The job type cannot be empty' },
        ],
      });
      const zh = await call('POST', SCENE_API.scene, { kind: 'temporary', name: '  ' }, { lang: 'zh-CN' });
      expect(zh.message).toBe('场景名称不能为空');
      const messages = (zh.data as { fields: Array<{ message: string }> }).fields.map((f) => f.message);
      expect(messages).toEqual(
        expect.arrayContaining(['场景名称不能为空', '所属区域不能为空', '作业类型不能为空']),
      );
      const unknownArea = await call('POST', SCENE_API.scene, { kind: 'general', name: 'x', areaId: 99999 });
      expect(unknownArea.code).toBe(400);
      expect(unknownArea.data).toEqual({
        fields: [{ field: 'areaId', message: 'The area cannot be empty' }],
      });
      expect(await sceneCount()).toBe(0);
    });

    it('refuses a temporary job without a proper time range', async () => {
      const base = {
        kind: 'temporary',
        name: '临时动火',
        areaId,
        jobTypeId: hotWorkId,
        temporaryJob: { number: 'LS-1', name: '管线动火' },
      };
      for (const times of [
        {},
        { startTime: '2026-11-22T08:00:00Z' },
        { startTime: '2026-11-22T08:00:00Z', endTime: '2026-11-22T08:00:00Z' },
        { startTime: '2026-11-22T09:00:00Z', endTime: '2026-11-22T08:00:00Z' },
      ]) {
        const res = await call(
          'POST',
          SCENE_API.scene,
          { ...base, temporaryJob: { ...base.temporaryJob, ...times } },
          { lang: 'zh-CN' },
        );
        expect(res.code).toBe(400);
        expect(res.data).toEqual({
          fields: [{ field: 'temporaryJob.startTime', message: '请选择开始时间和截止时间!' }],
        });
      }
      expect(await sceneCount()).toBe(0);
    });
  });

  describe('scene lifecycle', () => {
    let generalId: number;
    let jobSceneId: number;
    let tempId: number;

    it('creates general, job and temporary scenes', async () => {
      const general = await call<SceneItem>('POST', SCENE_API.scene, {
        name: '装车站安全监管',
        areaId,
        description: '装车作业',
      });
      expect(general.code).toBe(200);
      expect(general.message).toBe('Saved successfully');
      expect(general.data).toMatchObject({
        name: '装车站安全监管',
        kind: 'general',
        areaName: '装车站',
        areaPath: ['一厂', '装车站'],
        jobTypeId: null,
        enabled: true,
        cameraCount: 0,
        fixedOperation: null,
        temporaryJob: null,
      });
      generalId = general.data.id;
      await call('POST', SCENE_API.scene, { name: '罐区周界', areaId: area2Id });
      const job = await call<SceneItem>('POST', SCENE_API.scene, {
        name: '动火作业',
        kind: 'job',
        areaId,
        jobTypeId: hotWorkId,
        workflowId,
      });
      expect(job.data).toMatchObject({
        kind: 'job',
        jobTypeName: '动火作业',
        fixedOperation: { workflowId, workflowName: '动火作业流程' },
      });
      jobSceneId = job.data.id;
      const temp = await call<SceneItem>('POST', SCENE_API.scene, {
        name: '临时动火',
        kind: 'temporary',
        areaId: area2Id,
        jobTypeId: hotWorkId,
        temporaryJob: {
          number: 'LS-20261122-01',
          name: '管线动火',
          operator: '张三',
          teamLeader: '李四',
          guardian: '王五',
          address: '罐区东侧',
          startTime: '2026-11-22T08:00:00+08:00',
          endTime: '2026-11-22T18:00:00+08:00',
        },
      });
      expect(temp.code).toBe(200);
      expect(temp.data.temporaryJob).toMatchObject({
        number: 'LS-20261122-01',
        operator: '张三',
        startTime: '2026-11-22T00:00:00.000Z',
        endTime: '2026-11-22T10:00:00.000Z',
      });
      tempId = temp.data.id;
      const [audits] = await app.db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.action, 'scene.create'));
      expect(Number(audits?.n)).toBe(4);
    });

    it('refuses duplicate names per kind and duplicate job numbers (409), allows the same name in another kind', async () => {
      const dup = await call('POST', SCENE_API.scene, { name: '装车站安全监管', areaId: area2Id });
      expect(dup.code).toBe(409);
      expect(dup.message).toBe('Do not add repeatedly');
      const other = await call<SceneItem>('POST', SCENE_API.scene, {
        name: '装车站安全监管',
        kind: 'job',
        areaId,
        jobTypeId: confinedId,
      });
      expect(other.code).toBe(200);
      const dupNumber = await call('POST', SCENE_API.scene, {
        name: '另一个临时作业',
        kind: 'temporary',
        areaId,
        jobTypeId: hotWorkId,
        temporaryJob: {
          number: 'LS-20261122-01',
          name: 'x',
          startTime: '2026-11-22T08:00:00Z',
          endTime: '2026-11-22T09:00:00Z',
        },
      });
      expect(dupNumber.code).toBe(409);
      expect(await sceneCount()).toBe(5);
      await call('DELETE', SCENE_API.one(other.data.id));
    });

    it('lists with filters and pagination, and list/all for the menus', async () => {
      const list = (q: object) =>
        call<ListResult<SceneItem>>('POST', SCENE_API.list, { page: 1, limit: 10, ...q });
      const general = await list({ kind: 'general' });
      expect(general.data.count).toBe(2);
      expect(general.data.list.map((s) => s.name)).toEqual(['罐区周界', '装车站安全监管']);
      expect((await list({ kind: 'general', keyword: '周界' })).data.list.map((s) => s.name)).toEqual([
        '罐区周界',
      ]);
      expect((await list({ kind: 'general', areaId })).data.list.map((s) => s.name)).toEqual([
        '装车站安全监管',
      ]);
      expect((await list({ kind: 'temporary', keyword: 'LS-2026' })).data.count).toBe(1);
      expect((await list({ kind: 'general', keyword: "%' or 1=1 --" })).data.count).toBe(0);
      const page2 = await call<ListResult<SceneItem>>('POST', SCENE_API.list, {
        page: 2,
        limit: 10,
        kind: 'general',
      });
      expect(page2.data).toMatchObject({ count: 2, list: [] });
      const bad = await call('POST', SCENE_API.list, { page: 1, limit: 15 });
      expect(bad.code).toBe(400);
      const all = await call<SceneItem[]>(
        'POST',
        SCENE_API.listAll,
        { kind: 'job', enabled: true },
        { token: operator },
      );
      expect(all.data.map((s) => s.name)).toEqual(['动火作业']);
    });

    it('enables and disables (permission per kind), and the enabled filter follows', async () => {
      const off = await call('POST', SCENE_API.disable(generalId), undefined, { lang: 'zh-CN' });
      expect(off.code).toBe(200);
      expect(off.message).toBe('已停用');
      const enabled = await call<SceneItem[]>('POST', SCENE_API.listAll, { kind: 'general', enabled: true });
      expect(enabled.data.map((s) => s.name)).toEqual(['罐区周界']);
      const disabled = await call<ListResult<SceneItem>>('POST', SCENE_API.list, {
        page: 1,
        limit: 10,
        kind: 'general',
        enabled: false,
      });
      expect(disabled.data.list.map((s) => s.id)).toEqual([generalId]);
      const denied = await call('POST', SCENE_API.enable(generalId), undefined, { token: operator });
      expect(denied.code).toBe(403);
      expect((await call<SceneItem>('GET', SCENE_API.one(generalId))).data.enabled).toBe(false);
      const on = await call('POST', SCENE_API.enable(generalId));
      expect(on.message).toBe('Enabled');
      expect((await call<SceneItem>('GET', SCENE_API.one(generalId))).data.enabled).toBe(true);
      expect((await call('POST', SCENE_API.enable(99999))).code).toBe(404);
    });

    it('edits a scene; the kind cannot change', async () => {
      const edit = await call<SceneItem>('PUT', SCENE_API.scene, {
        id: jobSceneId,
        name: '动火作业',
        kind: 'job',
        areaId: area2Id,
        jobTypeId: confinedId,
        workflowId: null,
      });
      expect(edit.code).toBe(200);
      expect(edit.data).toMatchObject({
        areaName: '罐区',
        jobTypeName: '受限空间作业',
        fixedOperation: { workflowId: null },
      });
      const kind = await call('PUT', SCENE_API.scene, {
        id: jobSceneId,
        name: '动火作业',
        kind: 'general',
        areaId,
      });
      expect(kind.code).toBe(400);
      const missing = await call('PUT', SCENE_API.scene, { id: 99999, name: 'x', kind: 'general', areaId });
      expect(missing.code).toBe(404);
      const editTemp = await call<SceneItem>('PUT', SCENE_API.scene, {
        id: tempId,
        name: '临时动火',
        kind: 'temporary',
        areaId: area2Id,
        jobTypeId: hotWorkId,
        temporaryJob: {
          number: 'LS-20261122-01',
          name: '管线动火（延期）',
          startTime: '2026-11-22T08:00:00Z',
          endTime: '2026-11-23T08:00:00Z',
        },
      });
      expect(editTemp.data.temporaryJob).toMatchObject({ name: '管线动火（延期）', operator: '' });
      const badRange = await call('PUT', SCENE_API.scene, {
        id: tempId,
        name: '临时动火',
        kind: 'temporary',
        areaId: area2Id,
        jobTypeId: hotWorkId,
        temporaryJob: {
          number: 'LS-20261122-01',
          name: 'x',
          startTime: '2026-11-23T08:00:00Z',
          endTime: '2026-11-22T08:00:00Z',
        },
      });
      expect(badRange.code).toBe(400);
      const [job] = await app.db.select().from(temporaryJob).where(eq(temporaryJob.sceneId, tempId));
      expect(job?.name).toBe('管线动火（延期）');
      const denied = await call(
        'PUT',
        SCENE_API.scene,
        { id: generalId, name: 'x', kind: 'general', areaId },
        { token: operator },
      );
      expect(denied.code).toBe(403);
    });

    it('serves detail with cameras, getAlgorithm and algorithmStateHOI', async () => {
      const [cam1, cam2] = await app.db
        .insert(camera)
        .values([
          { name: '装车站1号', code: 'CAM-001', online: true, snapshotPath: 'snapshots/cam-001.jpg' },
          { name: '装车站2号', code: 'CAM-002', online: false },
        ])
        .returning({ id: camera.id });
      const [sc1, sc2] = await app.db
        .insert(sceneCamera)
        .values([
          { sceneId: generalId, cameraId: cam1?.id ?? 0, sort: 0 },
          { sceneId: generalId, cameraId: cam2?.id ?? 0, sort: 1, enabled: false },
        ])
        .returning({ id: sceneCamera.id });
      const [helmet, smoke] = await app.db
        .insert(algorithm)
        .values([
          { code: 'helmet', name: '安全帽检测' },
          { code: 'smoke', name: '烟火检测', enabled: false },
        ])
        .returning({ id: algorithm.id });
      await app.db.insert(sceneCameraAlgorithm).values([
        { sceneCameraId: sc1?.id ?? 0, algorithmId: helmet?.id ?? 0, level: 120003 },
        { sceneCameraId: sc1?.id ?? 0, algorithmId: smoke?.id ?? 0, level: 120002 },
        { sceneCameraId: sc2?.id ?? 0, algorithmId: helmet?.id ?? 0, level: 120002 },
      ]);

      const detail = await call<SceneDetail>('GET', SCENE_API.detail(generalId), undefined, {
        token: operator,
      });
      expect(detail.data).toMatchObject({
        cameraCount: 2,
        enabledCameraCount: 1,
        areaPath: ['一厂', '装车站'],
      });
      expect(detail.data.cameras).toEqual([
        {
          sceneCameraId: sc1?.id,
          cameraId: cam1?.id,
          name: '装车站1号',
          code: 'CAM-001',
          online: true,
          enabled: true,
          snapshotUrl: '/api/v2/backend/media/snapshots/cam-001.jpg',
        },
        expect.objectContaining({ code: 'CAM-002', online: false, enabled: false, snapshotUrl: null }),
      ]);
      expect((await call('GET', SCENE_API.detail(99999))).code).toBe(404);
      expect((await call('GET', SCENE_API.one(99999))).code).toBe(404);

      const algos = await call<SceneAlgorithmItem[]>('GET', SCENE_API.algorithm(generalId, cam1?.id ?? 0));
      expect(algos.data.map((a) => [a.code, a.level])).toEqual([
        ['helmet', 120003],
        ['smoke', 120002],
      ]);
      expect((await call('GET', SCENE_API.algorithm(jobSceneId, cam1?.id ?? 0))).code).toBe(404);

      const state = await call<AlgorithmStateHoi>('GET', SCENE_API.algorithmState(generalId));
      expect(state.data.sceneEnabled).toBe(true);
      expect(
        state.data.cameras.map((c) => [c.cameraName, c.algorithms.map((a) => [a.code, a.running])]),
      ).toEqual([
        [
          '装车站1号',
          [
            ['helmet', true],
            ['smoke', false],
          ],
        ],
        ['装车站2号', [['helmet', false]]],
      ]);
      await call('POST', SCENE_API.disable(generalId));
      const off = await call<AlgorithmStateHoi>('GET', SCENE_API.algorithmState(generalId));
      expect(off.data.cameras.flatMap((c) => c.algorithms.map((a) => a.running))).toEqual([
        false,
        false,
        false,
      ]);
      await call('POST', SCENE_API.enable(generalId));
      expect((await call('GET', SCENE_API.algorithmState(99999))).code).toBe(404);
    });

    it('lists fixed operations (page size 1000) and shows one with its chart', async () => {
      await call('PUT', SCENE_API.scene, {
        id: jobSceneId,
        name: '动火作业',
        kind: 'job',
        areaId,
        jobTypeId: hotWorkId,
        workflowId,
      });
      const list = await call<ListResult<{ id: number; sceneName: string; workflowName: string | null }>>(
        'POST',
        SCENE_API.fixedOperationList,
        { page: 1, limit: 1000 },
        { token: operator },
      );
      expect(list.code).toBe(200);
      expect(list.data.list.map((o) => [o.sceneName, o.workflowName])).toEqual([
        ['动火作业', '动火作业流程'],
      ]);
      const opId = list.data.list[0]?.id ?? 0;
      const one = await call<{ chart: { nodes: unknown[] }; scene: SceneDetail; jobTypeName: string }>(
        'GET',
        SCENE_API.fixedOperation(opId),
      );
      expect(one.data.chart.nodes).toHaveLength(2);
      expect(one.data.scene.id).toBe(jobSceneId);
      expect(one.data.jobTypeName).toBe('动火作业');
      expect((await call('GET', SCENE_API.fixedOperation(99999))).code).toBe(404);
      expect((await call('POST', SCENE_API.fixedOperationList, { page: 1, limit: 999 })).code).toBe(400);
    });

    it('refuses to delete a job type while scenes use it', async () => {
      const res = await call('DELETE', SCENE_API.jobTypeOne(hotWorkId), undefined, { lang: 'zh-CN' });
      expect(res.code).toBe(409);
      expect(res.message).toBe('仍在使用中，无法删除');
      const list = await call<JobTypeItem[]>('POST', SCENE_API.jobTypeListAll, {});
      expect(list.data.find((t) => t.id === hotWorkId)?.sceneCount).toBe(2);
    });

    it('deletes one and several scenes; operators are refused; unknown ids change nothing', async () => {
      const denied = await call('DELETE', SCENE_API.one(generalId), undefined, { token: operator });
      expect(denied.code).toBe(403);
      const deniedBatch = await call('DELETE', SCENE_API.scene, { ids: [generalId] }, { token: operator });
      expect(deniedBatch.code).toBe(403);
      const partial = await call('DELETE', SCENE_API.scene, { ids: [generalId, 99999] });
      expect(partial.code).toBe(404);
      expect(await sceneCount()).toBe(4);
      const empty = await call('DELETE', SCENE_API.scene, { ids: [] });
      expect(empty.code).toBe(400);

      const one = await call('DELETE', SCENE_API.one(tempId), undefined, { lang: 'zh-CN' });
      expect(one).toMatchObject({ code: 200, message: '删除成功！' });
      expect(await app.db.select().from(temporaryJob)).toHaveLength(0);
      expect((await call('DELETE', SCENE_API.one(tempId))).code).toBe(404);

      const batch = await call('DELETE', SCENE_API.scene, { ids: [generalId, jobSceneId] });
      expect(batch.code).toBe(200);
      expect(await sceneCount()).toBe(1);
      expect(await app.db.select().from(sceneCamera)).toHaveLength(0);
      const freed = await call('DELETE', SCENE_API.jobTypeOne(hotWorkId));
      expect(freed.code).toBe(200);
    });
  });

  it('requires a login', async () => {
    const res = await app.inject({ method: 'POST', url: SCENE_API.list, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
