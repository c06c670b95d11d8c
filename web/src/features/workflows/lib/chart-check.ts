import {
  type FlowChart,
  type FlowProblem,
  flowChart,
  flowChartProblems,
  missingNodeFields,
} from '@sentinel/contract';

export interface ChartCheck {
  /** Message code of the first broken rule (translate with `tr`), or null when the chart can be saved. */
  code: string | null;
  /** Nodes to highlight: incomplete nodes and the nodes of a start-count problem. */
  nodeIds: string[];
  /** Connections to highlight. */
  edgeIds: string[];
}

/** The same rules the server applies on save (contract `flowChart` + `flowChartProblems`). */
export function checkChart(chart: FlowChart): ChartCheck {
  const parsed = flowChart.safeParse(chart);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { code: issue?.message ?? 'field.invalid', nodeIds: [], edgeIds: [] };
  }
  const problems: FlowProblem[] = flowChartProblems(parsed.data);
  const first = problems[0];
  if (!first) return { code: null, nodeIds: [], edgeIds: [] };
  return {
    code: first.code,
    nodeIds: [...new Set(problems.flatMap((p) => p.nodeIds))],
    edgeIds: [...new Set(problems.flatMap((p) => p.edgeIds))],
  };
}

/** Ids of the nodes that still miss a required field. */
export function incompleteNodeIds(chart: FlowChart): Set<string> {
  return new Set(chart.nodes.filter((node) => missingNodeFields(node).length > 0).map((node) => node.id));
}

/** Same content (order and values), for the unsaved-changes check. */
export function sameChart(a: FlowChart, b: FlowChart): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
