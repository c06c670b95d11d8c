import type { FixedOperationChart } from '@sentinel/contract';
import { Background, type Edge, type Node, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Empty, List, Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const SHAPE_STYLE: Record<string, React.CSSProperties> = {
  start: { borderRadius: 999, background: '#e6f4ff', borderColor: '#3377ff' },
  end: { borderRadius: 999, background: '#fff1f0', borderColor: '#ff4d4f' },
  large: { width: 220, minHeight: 60 },
  small: { width: 150 },
};

/** A mark on a node (e.g. its progress in a run): colours of the node and a tag under its label. */
export interface FlowNodeMark {
  /** Exposed as `data-status` on the step. */
  status: string;
  label: string;
  /** antd tag colour of the step list. */
  color: string;
  borderColor: string;
  background: string;
}

/**
 * A fixed operation's flowchart, read-only (pan and zoom only); a step list under it for readers.
 * `marks` colour the nodes and tag the steps (the scene page's run progress).
 */
export function FlowChartView({
  chart,
  marks,
}: {
  chart: FixedOperationChart;
  marks?: Record<string, FlowNodeMark>;
}) {
  const { t } = useTranslation('scenes');
  if (chart.nodes.length === 0) return <Empty description={t('noFlowchart')} data-testid="flow-empty" />;
  const nodes: Node[] = chart.nodes.map((n) => {
    const mark = marks?.[n.id];
    return {
      id: n.id,
      position: { x: n.x, y: n.y },
      data: {
        label: mark ? (
          <>
            {n.label}
            <div style={{ fontSize: 11, color: mark.borderColor }}>{mark.label}</div>
          </>
        ) : (
          n.label
        ),
      },
      type: n.shape === 'start' ? 'input' : n.shape === 'end' ? 'output' : 'default',
      style: mark
        ? { ...SHAPE_STYLE[n.shape], borderColor: mark.borderColor, background: mark.background }
        : SHAPE_STYLE[n.shape],
    };
  });
  const edges: Edge[] = chart.edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    label: e.label,
  }));
  return (
    <>
      <div style={{ height: 360, border: '1px solid #f0f0f0', borderRadius: 6 }} data-testid="flow-chart">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          fitView
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          nodesFocusable={false}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
        </ReactFlow>
      </div>
      <List
        size="small"
        header={t('flowSteps')}
        dataSource={chart.nodes}
        renderItem={(n, i) => {
          const mark = marks?.[n.id];
          return (
            <List.Item data-testid={`flow-step-${n.id}`} data-status={mark?.status}>
              <span>
                {i + 1}. {n.label}
              </span>
              {mark ? <Tag color={mark.color}>{mark.label}</Tag> : null}
            </List.Item>
          );
        }}
      />
    </>
  );
}
