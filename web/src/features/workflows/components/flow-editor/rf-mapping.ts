import type { FlowChart, FlowNodeData, FlowNodeShape } from '@sentinel/contract';
import { type Edge, MarkerType, type Node } from '@xyflow/react';

/** What a canvas node shows (chart node fields plus its check state). */
export type FlowRfData = FlowNodeData & {
  label: string;
  incomplete: boolean;
  highlighted: boolean;
};
export type FlowRfNode = Node<FlowRfData, FlowNodeShape>;

/**
 * Chart → canvas nodes. Keeps what the canvas measured and selected on the previous nodes (a
 * controlled React Flow loses its measurements otherwise).
 */
export function toRfNodes(
  chart: FlowChart,
  previous: FlowRfNode[],
  incomplete: Set<string>,
  highlighted: Set<string>,
): FlowRfNode[] {
  const byId = new Map(previous.map((node) => [node.id, node]));
  return chart.nodes.map((node) => {
    const old = byId.get(node.id);
    return {
      id: node.id,
      type: node.shape,
      position: { x: node.x, y: node.y },
      data: {
        ...node.data,
        label: node.label,
        incomplete: incomplete.has(node.id),
        highlighted: highlighted.has(node.id),
      },
      ...(old?.selected ? { selected: true } : {}),
      ...(old?.measured ? { measured: old.measured } : {}),
    };
  });
}

export function toRfEdges(chart: FlowChart, previous: Edge[], highlighted: Set<string>): Edge[] {
  const selected = new Set(previous.filter((e) => e.selected).map((e) => e.id));
  return chart.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    target: edge.target,
    label: edge.label || undefined,
    markerEnd: { type: MarkerType.ArrowClosed },
    ...(selected.has(edge.id) ? { selected: true } : {}),
    ...(highlighted.has(edge.id) ? { className: 'flow-edge-invalid' } : {}),
  }));
}
