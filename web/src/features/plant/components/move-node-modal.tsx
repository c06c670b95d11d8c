import type { PlantNode, PlantTreeNode } from '@sentinel/contract';
import { type ButtonProps, Form, Modal } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useMovePlantNode } from '../api/plant-mutations.ts';
import { parentOptions } from '../lib/tree-utils.ts';
import { ParentField } from './parent-field.tsx';

/** Move a plant or area under a new parent (never under itself or a descendant). */
export function MoveNodeModal({
  node,
  tree,
  onClose,
}: {
  node: PlantNode | null;
  tree: PlantTreeNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('plant');
  const [form] = Form.useForm<{ parentId?: number }>();
  const move = useMovePlantNode();
  const options = useMemo(() => (node ? parentOptions(tree, node.kind, node.id) : []), [node, tree]);

  useEffect(() => {
    if (node) form.setFieldsValue({ parentId: node.parentId ?? undefined });
  }, [node, form]);

  const submit = async () => {
    if (!node) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values?.parentId) return;
    const parentId = values.parentId;
    try {
      await move.mutateAsync({ id: node.id, parentId });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={node !== null}
      title={t('form.moveTitle', { name: node?.name ?? '' })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={move.isPending}
      okButtonProps={{ 'data-testid': 'move-form-ok' } as ButtonProps}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="move-form">
        <ParentField label={t('form.newParent')} options={options} testId="move-parent" />
      </Form>
    </Modal>
  );
}
