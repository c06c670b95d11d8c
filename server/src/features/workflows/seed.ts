import type { FlowChart, FlowNode } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workflow, workflowType } from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';
import { DEMO_WORKFLOW_TYPES, HOT_WORK_FLOW_NAME } from './demo-names.ts';

const TYPES = [
  { name: DEMO_WORKFLOW_TYPES.hotWork, description: '动火作业票办理、气体检测、监护与清理' },
  { name: DEMO_WORKFLOW_TYPES.confinedSpace, description: '进入受限空间前的通风、检测与监护' },
  { name: DEMO_WORKFLOW_TYPES.workAtHeight, description: '2米及以上高处作业的防护与监护' },
];

type Step = [
  id: string,
  shape: FlowNode['shape'],
  label: string,
  responsible?: string,
  checkItem?: string,
  description?: string,
];

/** The demo hot-work flowchart: start → application → gas test → guardian → hot work → clean-up → end. */
const HOT_WORK_STEPS: Step[] = [
  ['start', 'start', '开始'],
  ['apply', 'small', '作业申请', '作业负责人', '动火作业票已审批签发'],
  ['gas', 'small', '气体检测', '气体检测员', '可燃气体浓度低于爆炸下限的10%，氧含量19.5%~23.5%'],
  ['guardian', 'small', '监护人到位', '监护人', '监护人持证在岗，灭火器材就位'],
  [
    'work',
    'large',
    '动火作业',
    '动火人',
    '按作业票范围动火，30分钟复测气体',
    '动火点周围10米内无易燃物；监护人全程不得离开；发现异常立即停止作业。',
  ],
  ['cleanup', 'small', '作业结束清理', '作业负责人', '清理现场余火，确认无遗留火种'],
  ['end', 'end', '结束'],
];

function chartOf(steps: Step[]): FlowChart {
  let y = 0;
  const nodes: FlowNode[] = steps.map(
    ([id, shape, label, responsible = '', checkItem = '', description = '']) => {
      const node: FlowNode = {
        id,
        shape,
        label,
        x: shape === 'large' ? 160 : shape === 'small' ? 205 : 222,
        y,
        data: { responsible, checkItem, description },
      };
      y += shape === 'large' ? 160 : 100;
      return node;
    },
  );
  const edges = nodes.slice(1).map((node, i) => ({
    id: `e${i + 1}`,
    source: nodes[i]?.id ?? '',
    target: node.id,
    label: '',
  }));
  return { nodes, edges };
}

/** Demo data of this domain (see demo-seed.ts for the order). */
export async function seedWorkflows(db: Db, _context: DemoSeedContext): Promise<void> {
  await db.insert(workflowType).values(TYPES).onConflictDoNothing();
  const [hotWork] = await db
    .select({ id: workflowType.id })
    .from(workflowType)
    .where(eq(workflowType.name, DEMO_WORKFLOW_TYPES.hotWork));
  await db
    .insert(workflow)
    .values({ name: HOT_WORK_FLOW_NAME, workflowTypeId: hotWork?.id ?? null, chart: chartOf(HOT_WORK_STEPS) })
    .onConflictDoNothing();
}
