import type { FlowNodeShape } from '@sentinel/contract';
import { Handle, type NodeProps, type NodeTypes, Position } from '@xyflow/react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { FlowRfNode } from './rf-mapping.ts';

function classes(shape: FlowNodeShape, props: NodeProps<FlowRfNode>): string {
  const { data, selected } = props;
  return [
    'flow-node',
    `flow-node-${shape}`,
    selected ? 'is-selected' : '',
    data.incomplete ? 'is-incomplete' : '',
    data.highlighted ? 'is-highlighted' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function NodeBody({ shape, props }: { shape: FlowNodeShape; props: NodeProps<FlowRfNode> }) {
  const { t } = useTranslation('workflows');
  const { data } = props;
  const title = data.incomplete ? t('node.incomplete') : undefined;
  return (
    <div
      className={classes(shape, props)}
      data-testid="flow-node"
      data-shape={shape}
      data-node-id={props.id}
      data-incomplete={data.incomplete ? 'true' : 'false'}
      data-highlighted={data.highlighted ? 'true' : 'false'}
      title={title}
    >
      {shape !== 'start' ? <Handle type="target" position={Position.Top} /> : null}
      <div className="flow-node-label">
        {data.label || <span className="flow-node-untitled">{t('node.untitled')}</span>}
      </div>
      {shape === 'small' || shape === 'large' ? (
        <div className="flow-node-meta">{data.responsible}</div>
      ) : null}
      {shape === 'large' && data.description ? (
        <div className="flow-node-description">{data.description}</div>
      ) : null}
      {shape !== 'end' ? <Handle type="source" position={Position.Bottom} /> : null}
    </div>
  );
}

export const flowNodeTypes: NodeTypes = {
  small: (props: NodeProps<FlowRfNode>) => <NodeBody shape="small" props={props} />,
  large: (props: NodeProps<FlowRfNode>) => <NodeBody shape="large" props={props} />,
  start: (props: NodeProps<FlowRfNode>) => <NodeBody shape="start" props={props} />,
  end: (props: NodeProps<FlowRfNode>) => <NodeBody shape="end" props={props} />,
};
