import { FLOW_LIMITS, type FlowNode, missingNodeFields, REQUIRED_NODE_FIELDS } from '@sentinel/contract';
import { Button, Form, Input, Tag, Typography } from 'antd';
import type { NodePatch } from '@/features/workflows/lib/chart-ops.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

interface NodePanelProps {
  node: FlowNode | undefined;
  readOnly: boolean;
  /** `key` groups keystrokes in one field into one undo step. */
  onChange: (patch: NodePatch, key: string) => void;
  onDelete: () => void;
}

type Field = 'label' | 'responsible' | 'checkItem' | 'description';

const MAX: Record<Field, number> = {
  label: FLOW_LIMITS.label,
  responsible: FLOW_LIMITS.responsible,
  checkItem: FLOW_LIMITS.checkItem,
  description: FLOW_LIMITS.description,
};

/** Side panel: the selected node's fields, required ones marked and flagged while empty. */
export function NodePanel({ node, readOnly, onChange, onDelete }: NodePanelProps) {
  const { t } = useTranslation('workflows');
  if (!node) {
    return (
      <aside className="flow-panel" aria-label={t('node.panelTitle')}>
        <Typography.Text type="secondary">{t('node.panelEmpty')}</Typography.Text>
      </aside>
    );
  }
  const required = new Set<string>(REQUIRED_NODE_FIELDS[node.shape]);
  const missing = new Set<string>(missingNodeFields(node));
  const fields: Field[] =
    node.shape === 'start' || node.shape === 'end'
      ? ['label']
      : node.shape === 'large'
        ? ['label', 'responsible', 'checkItem', 'description']
        : ['label', 'responsible', 'checkItem'];
  const value = (field: Field) => (field === 'label' ? node.label : node.data[field]);

  return (
    <aside className="flow-panel" aria-label={t('node.panelTitle')} data-testid="node-panel">
      <div style={{ marginBottom: 12 }}>
        <Tag color={node.shape === 'start' ? 'green' : node.shape === 'end' ? 'red' : 'blue'}>
          {t(`shape.${node.shape}`)}
        </Tag>
      </div>
      <Form layout="vertical" size="small" disabled={readOnly} onSubmitCapture={(e) => e.preventDefault()}>
        {fields.map((field) => {
          const isMissing = missing.has(field);
          const Control = field === 'checkItem' || field === 'description' ? Input.TextArea : Input;
          return (
            <Form.Item
              key={`${node.id}-${field}`}
              label={t(`node.${field}`)}
              required={required.has(field)}
              validateStatus={isMissing ? 'error' : undefined}
              help={isMissing ? t('node.incomplete') : undefined}
              htmlFor={`flow-node-${field}`}
            >
              <Control
                id={`flow-node-${field}`}
                data-testid={`node-field-${field}`}
                value={value(field)}
                maxLength={MAX[field]}
                placeholder={field === 'description' ? undefined : t(`node.${field}Placeholder`)}
                onChange={(event) => onChange({ [field]: event.target.value }, `${node.id}:${field}`)}
                {...(Control === Input.TextArea ? { autoSize: { minRows: 2, maxRows: 6 } } : {})}
              />
            </Form.Item>
          );
        })}
      </Form>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('node.requiredNote')}
      </Typography.Paragraph>
      {readOnly ? null : (
        <Button danger block onClick={onDelete} data-testid="node-delete">
          {t('node.delete')}
        </Button>
      )}
    </aside>
  );
}
