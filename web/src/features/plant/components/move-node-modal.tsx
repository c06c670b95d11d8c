import type { PlantNode, PlantTreeNode } from '@sentinel/contract';
import { type ButtonProps, Form, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useMovePlantNode } from '../api/plant-mutations.ts';
import { parentOptions } from '../lib/tree-utils.ts';

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
        <Form.Item
          name="parentId"
          label={t('form.newParent')}
          rules={[{ required: true, message: tr('node.parentRequired') }]}
        >
          <TreeSelect
            treeData={options}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('form.parentPlaceholder')}
            data-testid="move-parent"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
