import type { FlowChart, FlowEdge, FlowNode, FlowNodeData, FlowNodeShape } from '@sentinel/contract';

/** Pure edits of a chart; each returns a new chart (the history keeps the old one). */

let sequence = 0;
/** Ids unique within a chart without needing crypto (plain-http deployments have no randomUUID). */
export function newId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}${sequence.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export const EMPTY_NODE_DATA: FlowNodeData = { responsible: '', checkItem: '', description: '' };

export function addNode(
  chart: FlowChart,
  shape: FlowNodeShape,
  position: { x: number; y: number },
  label = '',
): { chart: FlowChart; id: string } {
  const id = newId(shape);
  const node: FlowNode = {
    id,
    shape,
    label,
    x: Math.round(position.x),
    y: Math.round(position.y),
    data: { ...EMPTY_NODE_DATA },
  };
  return { chart: { ...chart, nodes: [...chart.nodes, node] }, id };
}

export type NodePatch = Partial<Pick<FlowNode, 'label'>> & Partial<FlowNodeData>;

export function updateNode(chart: FlowChart, id: string, patch: NodePatch): FlowChart {
  return {
    ...chart,
    nodes: chart.nodes.map((node) => {
      if (node.id !== id) return node;
      const { label, ...data } = patch;
      return { ...node, ...(label === undefined ? {} : { label }), data: { ...node.data, ...data } };
    }),
  };
}

/** New positions of moved nodes (rounded to whole pixels); unchanged when nothing moved. */
export function moveNodes(chart: FlowChart, positions: Map<string, { x: number; y: number }>): FlowChart {
  let changed = false;
  const nodes = chart.nodes.map((node) => {
    const p = positions.get(node.id);
    if (!p) return node;
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (x === node.x && y === node.y) return node;
    changed = true;
    return { ...node, x, y };
  });
  return changed ? { ...chart, nodes } : chart;
}

/** Removes nodes (with their connections) and connections; unchanged when nothing matched. */
export function removeElements(
  chart: FlowChart,
  nodeIds: Iterable<string>,
  edgeIds: Iterable<string>,
): FlowChart {
  const nodes = new Set(nodeIds);
  const edges = new Set(edgeIds);
  const keptNodes = chart.nodes.filter((n) => !nodes.has(n.id));
  const keptEdges = chart.edges.filter(
    (e) => !edges.has(e.id) && !nodes.has(e.source) && !nodes.has(e.target),
  );
  if (keptNodes.length === chart.nodes.length && keptEdges.length === chart.edges.length) return chart;
  return { nodes: keptNodes, edges: keptEdges };
}

/** Whether a connection source → target may be added (no loop, no repeat, end has no exit, start no entry). */
export function canConnect(chart: FlowChart, source: string | null, target: string | null): boolean {
  if (!source || !target || source === target) return false;
  const from = chart.nodes.find((n) => n.id === source);
  const to = chart.nodes.find((n) => n.id === target);
  if (!from || !to || from.shape === 'end' || to.shape === 'start') return false;
  return !chart.edges.some((e) => e.source === source && e.target === target);
}

export function connect(chart: FlowChart, source: string, target: string): FlowChart {
  if (!canConnect(chart, source, target)) return chart;
  const edge: FlowEdge = { id: newId('e'), source, target, label: '' };
  return { ...chart, edges: [...chart.edges, edge] };
}
