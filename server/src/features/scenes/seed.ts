import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fixedOperation, jobType, plantNode, scene, temporaryJob, workflow } from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';
import { HOT_WORK_FLOW_NAME } from '../workflows/index.ts';

const JOB_TYPES = [
  { name: '动火作业', kind: 'fixed', description: '焊接、切割等产生明火的作业' },
  { name: '高处作业', kind: 'fixed', description: '坠落高度基准面2米及以上的作业' },
  { name: '受限空间作业', kind: 'fixed', description: '进入塔、罐、槽、井等受限空间的作业' },
  { name: '吊装作业', kind: 'temporary', description: '使用起重机械进行的吊装' },
  { name: '临时用电', kind: 'temporary', description: '检修等临时接电作业' },
  { name: '盲板抽堵作业', kind: 'temporary', description: '设备管道的盲板抽堵' },
] as const;

const GENERAL_SCENES = [
  { name: '装车站安全监管', area: '装车站', description: '装车区人员防护与车辆停靠监管' },
  { name: '罐区周界', area: '罐区', description: '罐区周界入侵与烟火监测' },
  { name: '配电室巡检', area: '配电室', description: '配电室人员巡检与违规行为监测' },
  { name: '1号炉区', area: '1号炉区', description: '炉顶、炉侧作业人员安全监管' },
] as const;

const JOB_SCENES = [
  { name: '2号炉区动火作业', area: '2号炉区', jobType: '动火作业', flow: HOT_WORK_FLOW_NAME },
  { name: '泵房受限空间作业', area: '泵房', jobType: '受限空间作业', flow: null },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Demo job types, general scenes, job scenes (the hot-work one with the demo flowchart when the
 * workflows seed made it) and one temporary job in progress. Missing areas are skipped.
 */
export async function seedScenes(db: Db, _context: DemoSeedContext): Promise<void> {
  const types = await db
    .insert(jobType)
    .values(JOB_TYPES.map((t) => ({ ...t })))
    .onConflictDoNothing()
    .returning({ id: jobType.id, name: jobType.name });
  const typeId = new Map(types.map((t) => [t.name, t.id]));

  const areaNames = [...GENERAL_SCENES.map((s) => s.area), ...JOB_SCENES.map((s) => s.area), '锅炉房'];
  const areas = await db
    .select({ id: plantNode.id, name: plantNode.name })
    .from(plantNode)
    .where(inArray(plantNode.name, areaNames));
  const areaId = new Map(areas.map((a) => [a.name, a.id]));

  for (const s of GENERAL_SCENES) {
    const area = areaId.get(s.area);
    if (!area) continue;
    await db
      .insert(scene)
      .values({ name: s.name, kind: 'general', areaId: area, description: s.description });
  }

  for (const s of JOB_SCENES) {
    const area = areaId.get(s.area);
    const type = typeId.get(s.jobType);
    if (!area || !type) continue;
    const [row] = await db
      .insert(scene)
      .values({ name: s.name, kind: 'job', areaId: area, jobTypeId: type })
      .returning({ id: scene.id });
    if (!row) continue;
    const [flow] = s.flow
      ? await db.select({ id: workflow.id }).from(workflow).where(eq(workflow.name, s.flow))
      : [];
    await db
      .insert(fixedOperation)
      .values({ sceneId: row.id, jobTypeId: type, workflowId: flow?.id ?? null });
  }

  const boiler = areaId.get('锅炉房');
  const hotWork = typeId.get('动火作业');
  if (!boiler || !hotWork) return;
  const now = new Date();
  const start = new Date(now.getTime() - 2 * 3600_000);
  const end = new Date(now.getTime() + 6 * 3600_000);
  const [temp] = await db
    .insert(scene)
    .values({
      name: '锅炉房检修临时动火',
      kind: 'temporary',
      areaId: boiler,
      jobTypeId: hotWork,
      description: '2号锅炉检修期间的临时动火作业',
    })
    .returning({ id: scene.id });
  if (!temp) return;
  await db.insert(temporaryJob).values({
    sceneId: temp.id,
    number: `LS-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-01`,
    name: '2号锅炉省煤器管道焊接',
    operator: '张伟',
    teamLeader: '李强',
    guardian: '王磊',
    address: '锅炉房2号锅炉东侧平台',
    startTime: start,
    endTime: end,
  });
}
