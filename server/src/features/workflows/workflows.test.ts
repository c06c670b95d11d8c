import {
  type FlowChartInput,
  type FlowProblemData,
  flowChartProblems,
  type ListResult,
  WORKFLOW_API,
  type WorkflowDetail,
  type WorkflowOption,
  type WorkflowRow,
  type WorkflowTypeRow,
} from '@sentinel/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fixedOperation, jobType, plantNode, scene, workflow } from '../../db/schema/index.ts';
import { apiCaller, backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';
import { DEMO_WORKFLOW_TYPES, HOT_WORK_FLOW_NAME } from './demo-names.ts';
import { seedWorkflows } from './seed.ts';

/** start → step → end, every required field filled. */
function goodChart(): FlowChartInput {
  return {
    nodes: [
      { id: 'start', shape: 'start', label: '开始', x: 0, y: 0 },
      {
        id: 'apply',
        shape: 'small',
        label: '作业申请',
        x: 0,
        y: 100,
        data: { responsible: '作业负责人', checkItem: '作业票已签发' },
      },
      {
        id: 'work',
        shape: 'large',
        label: '动火作业',
        x: 0,
        y: 200,
        data: { responsible: '动火人', checkItem: '监护人在场', description: '按作业票执行' },
      },
      { id: 'end', shape: 'end', label: '结束', x: 0, y: 300 },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'apply' },
      { id: 'e2', source: 'apply', target: 'work', label: '通过' },
      { id: 'e3', source: 'work', target: 'end' },
    ],
  };
}

describe.each(backends)('workflows on %s', (backend) => {
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

  const createType = async (name: string) => {
    const res = await call('POST', WORKFLOW_API.type, { name, description: '' });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ id: number }>(res).data.id;
  };
  const createWorkflow = async (name: string, typeId: number, chart?: FlowChartInput) => {
    const res = await call('POST', WORKFLOW_API.workflow, { name, typeId, ...(chart ? { chart } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ id: number }>(res).data.id;
  };
  const detail = async (id: number) => body<WorkflowDetail>(await call('GET', WORKFLOW_API.detail(id))).data;
  const lastAudit = async () => {
    const [row] = await app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return row;
  };

  describe('workflow types', () => {
    it('adds, lists, edits and deletes a type, auditing each change', async () => {
      const id = await createType('动火作业流程');
      expect((await lastAudit())?.action).toBe('workflowType.create');
      const list = body<ListResult<WorkflowTypeRow>>(
        await call('POST', WORKFLOW_API.typeList, { page: 1, limit: 10, name: '动火' }),
      );
      expect(list.data.count).toBe(1);
      expect(list.data.list[0]).toMatchObject({
        id,
        name: '动火作业流程',
        description: '',
        workflowCount: 0,
      });

      const edit = await call('PUT', WORKFLOW_API.type, {
        id,
        name: '动火作业流程',
        description: '一级动火',
      });
      expect(edit.statusCode).toBe(200);
      expect(body(edit).message).toBe('Saved successfully');
      expect((await lastAudit())?.action).toBe('workflowType.update');
      const all = body<Array<{ id: number; name: string }>>(await call('GET', WORKFLOW_API.typeAll));
      expect(all.data).toContainEqual({ id, name: '动火作业流程' });

      const del = await call('DELETE', WORKFLOW_API.typeDelete(id), undefined, admin, 'zh-CN');
      expect(del.statusCode).toBe(200);
      expect(body(del).message).toBe('删除成功！');
      expect((await lastAudit())?.action).toBe('workflowType.delete');
      expect((await call('DELETE', WORKFLOW_API.typeDelete(id))).statusCode).toBe(404);
    });

    it('refuses a duplicate name with 409 common.duplicate and changes nothing', async () => {
      const a = await createType('受限空间作业流程');
      const b = await createType('高处作业流程');
      const dup = await call('POST', WORKFLOW_API.type, { name: ' 受限空间作业流程 ' }, admin, 'zh-CN');
      expect(dup.statusCode).toBe(409);
      expect(body(dup)).toMatchObject({ status: -409, message: '请勿重复添加' });
      const rename = await call('PUT', WORKFLOW_API.type, { id: b, name: '受限空间作业流程' });
      expect(rename.statusCode).toBe(409);
      expect(body(rename).message).toBe('Do not add repeatedly');
      const all = body<Array<{ id: number; name: string }>>(await call('GET', WORKFLOW_API.typeAll)).data;
      expect(all.filter((t) => t.name === '受限空间作业流程')).toEqual([{ id: a, name: '受限空间作业流程' }]);
      expect(all).toContainEqual({ id: b, name: '高处作业流程' });
    });

    it('requires a name', async () => {
      const res = await call('POST', WORKFLOW_API.type, { name: '  ' }, admin, 'zh-CN');
      expect(res.statusCode).toBe(400);
      expect(body<{ fields: unknown[] }>(res).data.fields).toEqual([
        { field: 'name', message: '此项不能为空!' },
      ]);
    });

    it('refuses to delete a type that flowcharts use (409 common.inUse)', async () => {
      const typeId = await createType('吊装作业流程');
      const unused = await createType('盲板抽堵作业流程');
      await createWorkflow('吊装流程', typeId);
      const rows = body<ListResult<WorkflowTypeRow>>(
        await call('POST', WORKFLOW_API.typeList, { page: 1, limit: 50 }),
      ).data.list;
      expect(rows.find((r) => r.id === typeId)?.workflowCount).toBe(1);
      expect(rows.find((r) => r.id === unused)?.workflowCount).toBe(0);
      const res = await call('DELETE', WORKFLOW_API.typeDelete(typeId), undefined, admin, 'zh-CN');
      expect(res.statusCode).toBe(409);
      expect(body(res).status).toBe(-409);
      expect(body(res).message).toBe('仍在使用中，无法删除');
      const all = body<Array<{ id: number }>>(await call('GET', WORKFLOW_API.typeAll)).data;
      expect(all.map((t) => t.id)).toContain(typeId);
    });

    it('lets an operator read but not write (403), changing nothing', async () => {
      const typeId = await createType('临时用电作业流程');
      expect((await call('POST', WORKFLOW_API.typeList, {}, operator)).statusCode).toBe(200);
      expect((await call('GET', WORKFLOW_API.typeAll, undefined, operator)).statusCode).toBe(200);
      const add = await call('POST', WORKFLOW_API.type, { name: '运维作业流程' }, operator);
      expect(add.statusCode).toBe(403);
      expect((await call('PUT', WORKFLOW_API.type, { id: typeId, name: 'x' }, operator)).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', WORKFLOW_API.typeDelete(typeId), undefined, operator)).statusCode).toBe(
        403,
      );
      const all = body<Array<{ id: number; name: string }>>(await call('GET', WORKFLOW_API.typeAll)).data;
      expect(all).toContainEqual({ id: typeId, name: '临时用电作业流程' });
      expect(all.map((t) => t.name)).not.toContain('运维作业流程');
    });
  });

  describe('flowcharts', () => {
    let typeId: number;
    beforeAll(async () => {
      typeId = await createType('动土作业流程');
    });

    it('saves a chart and reads back exactly what was saved', async () => {
      const id = await createWorkflow('动土作业标准流程', typeId);
      expect((await lastAudit())?.action).toBe('workflow.create');
      const empty = await detail(id);
      expect(empty).toMatchObject({ id, name: '动土作业标准流程', typeId, typeName: '动土作业流程' });
      expect(empty.chart).toEqual({ nodes: [], edges: [] });

      const chart = goodChart();
      const save = await call('PUT', WORKFLOW_API.workflow, { id, name: '动土作业标准流程', typeId, chart });
      expect(save.statusCode, save.body).toBe(200);
      expect(body(save).message).toBe('Saved successfully');
      expect((await lastAudit())?.action).toBe('workflow.update');

      const saved = await detail(id);
      expect(saved.chart).toEqual({
        nodes: chart.nodes.map((n) => ({
          ...n,
          data: { responsible: '', checkItem: '', description: '', ...n.data },
        })),
        edges: chart.edges.map((e) => ({ label: '', ...e })),
      });

      const list = body<ListResult<WorkflowRow>>(await call('POST', WORKFLOW_API.list, { name: '动土' }));
      expect(list.data.list).toHaveLength(1);
      expect(list.data.list[0]).toMatchObject({ id, typeName: '动土作业流程', nodeCount: 4, usedBy: 0 });
      const all = body<WorkflowOption[]>(await call('GET', WORKFLOW_API.all, undefined, operator));
      expect(all.data).toContainEqual({ id, name: '动土作业标准流程', typeId, typeName: '动土作业流程' });

      // A rename leaves the chart alone.
      const rename = await call('PUT', WORKFLOW_API.workflow, { id, name: '动土作业流程图', typeId });
      expect(rename.statusCode).toBe(200);
      expect((await detail(id)).chart).toEqual(saved.chart);
      expect((await detail(id)).name).toBe('动土作业流程图');
    });

    const refusedSave = async (chart: FlowChartInput, lang = 'en') => {
      const id = await createWorkflow(`草稿${Math.random().toString(36).slice(2, 8)}`, typeId, goodChart());
      const before = await detail(id);
      const res = await call(
        'PUT',
        WORKFLOW_API.workflow,
        { id, name: before.name, typeId, chart },
        admin,
        lang,
      );
      expect(await detail(id)).toEqual(before);
      return { status: res.statusCode, body: body<FlowProblemData>(res) };
    };

    it('refuses a chart without a start node', async () => {
      const chart = goodChart();
      chart.nodes = chart.nodes.filter((n) => n.id !== 'start');
      chart.edges = chart.edges.filter((e) => e.source !== 'start');
      const res = await refusedSave(chart, 'zh-CN');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('流程图必须有且只有一个开始节点');
    });

    it('refuses a chart with two start nodes, naming both', async () => {
      const chart = goodChart();
      chart.nodes.push({ id: 'start2', shape: 'start', label: '开始2', x: 200, y: 0 });
      const res = await refusedSave(chart);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('A flowchart needs exactly one start node');
      expect(res.body.data.nodeIds).toEqual(['start', 'start2']);
    });

    it('refuses a chart without an end node', async () => {
      const chart = goodChart();
      chart.nodes = chart.nodes.filter((n) => n.id !== 'end');
      chart.edges = chart.edges.filter((e) => e.target !== 'end');
      const res = await refusedSave(chart);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('A flowchart needs at least one end node');
    });

    it('refuses an edge whose source or target does not exist', async () => {
      const chart = goodChart();
      chart.edges.push({ id: 'dangling', source: 'work', target: 'ghost' });
      chart.edges.push({ id: 'loop', source: 'work', target: 'work' });
      const res = await refusedSave(chart, 'zh-CN');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('连线的两端必须是两个已存在的不同节点');
      expect(res.body.data.edgeIds).toEqual(['dangling', 'loop']);
    });

    it('refuses incomplete nodes with 400 flow.incompleteNodes and their ids', async () => {
      const chart = goodChart();
      const [, apply, work, end] = chart.nodes;
      if (!apply || !work || !end) throw new Error('chart');
      apply.data = { responsible: '', checkItem: '作业票已签发' };
      work.data = { responsible: '动火人', checkItem: '   ' };
      end.label = '';
      const zh = await refusedSave(chart, 'zh-CN');
      expect(zh.status).toBe(400);
      expect(zh.body).toEqual({
        status: -400,
        message: '有未完成的节点必填信息',
        data: { nodeIds: ['apply', 'work', 'end'], edgeIds: [] },
      });
      const en = await refusedSave(chart);
      expect(en.body.message).toBe('Some nodes are missing required information');
    });

    it('checks a chart sent on create as well', async () => {
      const chart = goodChart();
      chart.nodes[1] = { id: 'apply', shape: 'small', label: '作业申请', x: 0, y: 100 };
      const res = await call('POST', WORKFLOW_API.workflow, { name: '不完整流程', typeId, chart });
      expect(res.statusCode).toBe(400);
      expect(body<FlowProblemData>(res).data.nodeIds).toEqual(['apply']);
      const all = body<WorkflowOption[]>(await call('GET', WORKFLOW_API.all)).data;
      expect(all.map((w) => w.name)).not.toContain('不完整流程');
    });

    it('limits sizes and shapes', async () => {
      const big = goodChart();
      for (let i = 0; i < 200; i++) big.nodes.push({ id: `n${i}`, shape: 'start', label: 'x', x: i, y: i });
      const tooMany = await refusedSave(big);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('A flowchart can have at most 200 nodes and 400 connections');

      const bad = goodChart();
      (bad.nodes[0] as { shape: string }).shape = 'diamond';
      expect((await refusedSave(bad)).status).toBe(400);
      const long = goodChart();
      if (long.nodes[0]) long.nodes[0].label = 'x'.repeat(51);
      expect((await refusedSave(long)).body.message).toBe('Too long');
      const dupIds = goodChart();
      dupIds.nodes.push({ id: 'end', shape: 'end', label: '结束', x: 1, y: 1 });
      expect((await refusedSave(dupIds)).status).toBe(400);
    });

    it('refuses a duplicate flowchart name and an unknown type', async () => {
      await createWorkflow('唯一流程', typeId);
      const dup = await call('POST', WORKFLOW_API.workflow, { name: '唯一流程', typeId }, admin, 'zh-CN');
      expect(dup.statusCode).toBe(409);
      expect(body(dup).message).toBe('请勿重复添加');
      const noType = await call('POST', WORKFLOW_API.workflow, { name: '无类型流程', typeId: 999_999 });
      expect(noType.statusCode).toBe(400);
      const missing = await call('POST', WORKFLOW_API.workflow, { name: '无类型流程' }, admin, 'zh-CN');
      expect(missing.statusCode).toBe(400);
      expect(body<{ fields: unknown[] }>(missing).data.fields).toEqual([
        { field: 'typeId', message: '此项不能为空!' },
      ]);
      expect((await call('GET', WORKFLOW_API.detail(999_999))).statusCode).toBe(404);
      expect(
        (await call('PUT', WORKFLOW_API.workflow, { id: 999_999, name: 'x', typeId, chart: goodChart() }))
          .statusCode,
      ).toBe(404);
    });

    it('refuses to delete a flowchart a fixed operation uses, then deletes it once unused', async () => {
      const id = await createWorkflow('高处作业标准流程', typeId, goodChart());
      const [area] = await app.db
        .insert(plantNode)
        .values({ name: `区域${id}` })
        .returning();
      const [job] = await app.db
        .insert(jobType)
        .values({ name: `高处作业${id}` })
        .returning();
      if (!area || !job) throw new Error('setup');
      const [sc] = await app.db
        .insert(scene)
        .values({ name: `高处作业场景${id}`, kind: 'job', areaId: area.id, jobTypeId: job.id })
        .returning();
      if (!sc) throw new Error('setup');
      await app.db.insert(fixedOperation).values({ sceneId: sc.id, jobTypeId: job.id, workflowId: id });

      const list = body<ListResult<WorkflowRow>>(
        await call('POST', WORKFLOW_API.list, { page: 1, limit: 50 }),
      );
      expect(list.data.list.find((w) => w.id === id)?.usedBy).toBe(1);
      expect(list.data.list.filter((w) => w.id !== id).every((w) => w.usedBy === 0)).toBe(true);
      const refused = await call('DELETE', WORKFLOW_API.detail(id), undefined, admin, 'zh-CN');
      expect(refused.statusCode).toBe(409);
      expect(body(refused).message).toBe('仍在使用中，无法删除');
      expect((await detail(id)).id).toBe(id);

      await app.db.update(fixedOperation).set({ workflowId: null }).where(eq(fixedOperation.sceneId, sc.id));
      const del = await call('DELETE', WORKFLOW_API.detail(id));
      expect(del.statusCode).toBe(200);
      expect((await lastAudit())?.action).toBe('workflow.delete');
      expect(await app.db.select().from(workflow).where(eq(workflow.id, id))).toEqual([]);
      expect((await call('DELETE', WORKFLOW_API.detail(id))).statusCode).toBe(404);
    });

    it('lets an operator read flowcharts but not create, save or delete them (403)', async () => {
      const id = await createWorkflow('受限空间标准流程', typeId, goodChart());
      const before = await detail(id);
      expect((await call('GET', WORKFLOW_API.detail(id), undefined, operator)).statusCode).toBe(200);
      expect((await call('POST', WORKFLOW_API.list, {}, operator)).statusCode).toBe(200);
      const create = await call('POST', WORKFLOW_API.workflow, { name: '操作员流程', typeId }, operator);
      expect(create.statusCode).toBe(403);
      const save = await call('PUT', WORKFLOW_API.workflow, { id, name: '改名', typeId }, operator);
      expect(save.statusCode).toBe(403);
      expect((await call('DELETE', WORKFLOW_API.detail(id), undefined, operator)).statusCode).toBe(403);
      expect(await detail(id)).toEqual(before);
      const all = body<WorkflowOption[]>(await call('GET', WORKFLOW_API.all)).data;
      expect(all.map((w) => w.name)).not.toContain('操作员流程');
    });

    it('seeds a complete demo hot-work flowchart that passes every chart rule', async () => {
      await seedWorkflows(app.db, { mediaDir: '/nonexistent' });
      await seedWorkflows(app.db, { mediaDir: '/nonexistent' });
      const all = body<WorkflowOption[]>(await call('GET', WORKFLOW_API.all)).data;
      const hot = all.find((w) => w.name === HOT_WORK_FLOW_NAME);
      expect(hot?.typeName).toBe(DEMO_WORKFLOW_TYPES.hotWork);
      const chart = (await detail(hot?.id ?? 0)).chart;
      expect(flowChartProblems(chart)).toEqual([]);
      expect(chart.nodes.map((n) => n.label)).toEqual([
        '开始',
        '作业申请',
        '气体检测',
        '监护人到位',
        '动火作业',
        '作业结束清理',
        '结束',
      ]);
      const types = body<Array<{ name: string }>>(await call('GET', WORKFLOW_API.typeAll)).data.map(
        (t) => t.name,
      );
      expect(types).toEqual(expect.arrayContaining(Object.values(DEMO_WORKFLOW_TYPES)));
    });

    it('fills left-out defaults of a chart written straight into the database when reading it', async () => {
      const [row] = await app.db
        .insert(workflow)
        .values({
          name: '直写流程',
          workflowTypeId: typeId,
          chart: {
            nodes: [{ id: 's', shape: 'start', label: '开始', x: 0, y: 0 }],
            edges: [{ id: 'e', source: 's', target: 's' }],
          },
        })
        .returning({ id: workflow.id });
      const chart = (await detail(row?.id ?? 0)).chart;
      expect(chart).toEqual({
        nodes: [
          {
            id: 's',
            shape: 'start',
            label: '开始',
            x: 0,
            y: 0,
            data: { responsible: '', checkItem: '', description: '' },
          },
        ],
        edges: [{ id: 'e', source: 's', target: 's', label: '' }],
      });
    });

    it('answers 401 without a session', async () => {
      const res = await app.inject({ method: 'POST', url: WORKFLOW_API.list, payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });
});
