import { z } from 'zod';
import { idNumber, optionalText, pageQuery, recordId, requiredText } from './validators.ts';

/**
 * Workflow types and flowcharts (issue 3 §6). The chart schema checks shapes and sizes; the
 * chart rules (one start, at least one end, edges between existing nodes, required node fields)
 * live in `flowChartProblems`, used by the server on save and by the editor before it sends.
 */

export const FLOW_NODE_SHAPES = ['small', 'large', 'start', 'end'] as const;
export type FlowNodeShape = (typeof FLOW_NODE_SHAPES)[number];

export const FLOW_LIMITS = {
  nodes: 200,
  edges: 400,
  id: 64,
  label: 50,
  responsible: 50,
  checkItem: 200,
  description: 500,
  edgeLabel: 50,
  coordinate: 1_000_000,
} as const;

/**
 * Required node fields: every node needs a label; small and large nodes (the work steps) also
 * need the responsible role or person and the check item (what is verified before the step is
 * done). The description of a large node is optional.
 */
export const REQUIRED_NODE_FIELDS: Record<FlowNodeShape, Array<'label' | 'responsible' | 'checkItem'>> = {
  start: ['label'],
  end: ['label'],
  small: ['label', 'responsible', 'checkItem'],
  large: ['label', 'responsible', 'checkItem'],
};

const text = (max: number) =>
  z.string({ error: 'field.invalid' }).trim().max(max, { error: 'field.tooLong' });
const coordinate = z
  .number({ error: 'field.invalid' })
  .min(-FLOW_LIMITS.coordinate, { error: 'field.invalid' })
  .max(FLOW_LIMITS.coordinate, { error: 'field.invalid' });
const elementId = z
  .string({ error: 'field.invalid' })
  .min(1, { error: 'field.invalid' })
  .max(FLOW_LIMITS.id, { error: 'field.tooLong' });

export const flowNodeData = z.object({
  responsible: text(FLOW_LIMITS.responsible).default(''),
  checkItem: text(FLOW_LIMITS.checkItem).default(''),
  description: text(FLOW_LIMITS.description).default(''),
});
export type FlowNodeData = z.infer<typeof flowNodeData>;

export const flowNode = z.object({
  id: elementId,
  shape: z.enum(FLOW_NODE_SHAPES, { error: 'field.invalid' }),
  label: text(FLOW_LIMITS.label).default(''),
  x: coordinate,
  y: coordinate,
  data: flowNodeData.prefault({}),
});
export type FlowNode = z.infer<typeof flowNode>;

export const flowEdge = z.object({
  id: elementId,
  source: elementId,
  target: elementId,
  label: text(FLOW_LIMITS.edgeLabel).default(''),
});
export type FlowEdge = z.infer<typeof flowEdge>;

export const flowChart = z
  .object({
    nodes: z.array(flowNode).max(FLOW_LIMITS.nodes, { error: 'flow.tooLarge' }),
    edges: z.array(flowEdge).max(FLOW_LIMITS.edges, { error: 'flow.tooLarge' }),
  })
  .superRefine((chart, ctx) => {
    const seen = new Set<string>();
    for (const [index, node] of chart.nodes.entries()) {
      if (seen.has(node.id))
        ctx.addIssue({ code: 'custom', message: 'field.invalid', path: ['nodes', index, 'id'] });
      seen.add(node.id);
    }
    const seenEdges = new Set<string>();
    for (const [index, edge] of chart.edges.entries()) {
      if (seenEdges.has(edge.id))
        ctx.addIssue({ code: 'custom', message: 'field.invalid', path: ['edges', index, 'id'] });
      seenEdges.add(edge.id);
    }
  });
export type FlowChart = z.infer<typeof flowChart>;
/** What a client sends (defaults may be left out). */
export type FlowChartInput = z.input<typeof flowChart>;

export const EMPTY_CHART: FlowChart = { nodes: [], edges: [] };

export type FlowProblemCode = 'flow.startNode' | 'flow.endNode' | 'flow.edgeEnds' | 'flow.incompleteNodes';

export interface FlowProblem {
  code: FlowProblemCode;
  /** Offending nodes (start/end count and incomplete nodes). */
  nodeIds: string[];
  /** Offending edges (edge ends). */
  edgeIds: string[];
}

/** Required fields of this node that are empty. */
export function missingNodeFields(
  node: Pick<FlowNode, 'shape' | 'label'> & { data?: Partial<FlowNodeData> },
) {
  return REQUIRED_NODE_FIELDS[node.shape].filter((field) => {
    const value = field === 'label' ? node.label : node.data?.[field];
    return !value || value.trim() === '';
  });
}

/** Every rule the chart breaks, in the order they are reported (the first is the answer's message). */
export function flowChartProblems(chart: FlowChart): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const starts = chart.nodes.filter((n) => n.shape === 'start');
  if (starts.length !== 1)
    problems.push({ code: 'flow.startNode', nodeIds: starts.map((n) => n.id), edgeIds: [] });
  if (!chart.nodes.some((n) => n.shape === 'end'))
    problems.push({ code: 'flow.endNode', nodeIds: [], edgeIds: [] });
  const ids = new Set(chart.nodes.map((n) => n.id));
  const badEdges = chart.edges.filter(
    (e) => !ids.has(e.source) || !ids.has(e.target) || e.source === e.target,
  );
  if (badEdges.length > 0)
    problems.push({ code: 'flow.edgeEnds', nodeIds: [], edgeIds: badEdges.map((e) => e.id) });
  const incomplete = chart.nodes.filter((n) => missingNodeFields(n).length > 0);
  if (incomplete.length > 0)
    problems.push({ code: 'flow.incompleteNodes', nodeIds: incomplete.map((n) => n.id), edgeIds: [] });
  return problems;
}

/* ---------- workflow types ---------- */

export const workflowTypeListQuery = pageQuery.extend({
  name: z.string().trim().max(50, { error: 'field.tooLong' }).default(''),
});
export type WorkflowTypeListQuery = z.input<typeof workflowTypeListQuery>;

export const workflowTypeRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Flowcharts of this type (a type in use cannot be deleted). */
  workflowCount: z.number(),
  createdAt: z.string(),
});
export type WorkflowTypeRow = z.infer<typeof workflowTypeRow>;

export const workflowTypeListResponse = z.object({ list: z.array(workflowTypeRow), count: z.number() });

export const workflowTypeOption = z.object({ id: z.number(), name: z.string() });
export type WorkflowTypeOption = z.infer<typeof workflowTypeOption>;

export const workflowTypeBody = z.object({
  name: requiredText(50),
  description: optionalText(200),
});
export type WorkflowTypeBody = z.input<typeof workflowTypeBody>;

export const workflowTypeUpdateBody = workflowTypeBody.extend({
  id: recordId('field.invalid'),
});
export type WorkflowTypeUpdateBody = z.input<typeof workflowTypeUpdateBody>;

/* ---------- workflows (flowcharts) ---------- */

const typeId = idNumber('field.required');

export const workflowListQuery = pageQuery.extend({
  name: z.string().trim().max(50, { error: 'field.tooLong' }).default(''),
  typeId: recordId().optional(),
});
export type WorkflowListQuery = z.input<typeof workflowListQuery>;

export const workflowRow = z.object({
  id: z.number(),
  name: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  nodeCount: z.number(),
  /** Fixed operations that use this flowchart (it cannot be deleted while > 0). */
  usedBy: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowRow = z.infer<typeof workflowRow>;

export const workflowListResponse = z.object({ list: z.array(workflowRow), count: z.number() });

/** `GET workflow/list/all`: pickers (e.g. the flowchart of a fixed operation). */
export const workflowOption = z.object({
  id: z.number(),
  name: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
});
export type WorkflowOption = z.infer<typeof workflowOption>;

export const workflowDetail = z.object({
  id: z.number(),
  name: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  chart: flowChart,
  updatedAt: z.string(),
});
export type WorkflowDetail = z.infer<typeof workflowDetail>;

/** Create: name and type; a chart when given is checked like a save (else an empty draft). */
export const workflowCreateBody = z.object({
  name: requiredText(50),
  typeId,
  chart: flowChart.optional(),
});
export type WorkflowCreateBody = z.input<typeof workflowCreateBody>;

/** Save: name and type; the chart when given (a rename leaves it out). */
export const workflowSaveBody = workflowCreateBody.extend({
  id: recordId('field.invalid'),
});
export type WorkflowSaveBody = z.input<typeof workflowSaveBody>;

/** Data of a 400 answer for a chart that breaks a rule. */
export interface FlowProblemData {
  nodeIds: string[];
  edgeIds: string[];
}

export const WORKFLOW_API = {
  typeList: '/api/v2/backend/workflowType/list',
  typeAll: '/api/v2/backend/workflowType/list/all',
  type: '/api/v2/backend/workflowType',
  typeDelete: (id: number) => `/api/v2/backend/workflowType/${id}`,
  list: '/api/v2/backend/workflow/list',
  all: '/api/v2/backend/workflow/list/all',
  workflow: '/api/v2/backend/workflow',
  detail: (id: number) => `/api/v2/backend/workflow/${id}`,
} as const;
