import type { PlantKind, PlantNode, PlantTreeNode } from '@sentinel/contract';
import { type ButtonProps, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useMemo } from 'react';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useCreatePlantNode, useUpdatePlantNode } from '../api/plant-mutations.ts';
import { parentOptions } from '../lib/tree-utils.ts';
import { ParentField } from './parent-field.tsx';

/** Add a node of `kind` (under `parentId`), or edit `node`. */
export type NodeFormTarget =
  | { mode: 'add'; kind: PlantKind; parentId?: number }
  | { mode: 'edit'; node: PlantNode };

interface Values {
  parentId?: number;
  name: string;
  code?: string;
  description?: string;
  sort?: number;
}

export function NodeFormModal({
  target,
  tree,
  onClose,
  onSaved,
}: {
  target: NodeFormTarget | null;
  tree: PlantTreeNode[];
  onClose: () => void;
  onSaved?: (node: PlantNode) => void;
}) {
  const { t } = useTranslation('plant');
  const [form] = Form.useForm<Values>();
  const create = useCreatePlantNode();
  const update = useUpdatePlantNode();
  const kind = target ? (target.mode === 'add' ? target.kind : target.node.kind) : 'area';
  const needsParent = target?.mode === 'add' && kind !== 'factory';
  const options = useMemo(() => (needsParent ? parentOptions(tree, kind) : []), [needsParent, tree, kind]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'add') form.setFieldsValue({ parentId: target.parentId, sort: 0 });
    else {
      const { name, code, description, sort } = target.node;
      form.setFieldsValue({ name, code, description, sort });
    }
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const fields = {
      name: values.name,
      code: values.code ?? '',
      description: values.description ?? '',
      sort: values.sort ?? 0,
    };
    try {
      const envelope =
        target.mode === 'add'
          ? await create.mutateAsync({ kind, parentId: needsParent ? values.parentId : null, ...fields })
          : await update.mutateAsync({ id: target.node.id, body: fields });
      onSaved?.(envelope.data);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  const kindLabel = t(`kind.${kind}`);
  return (
    <Modal
      open={target !== null}
      title={
        target?.mode === 'edit'
          ? t('form.editTitle', { kind: kindLabel })
          : t('form.addTitle', { kind: kindLabel })
      }
      onCancel={onClose}
      onOk={submit}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'node-form-ok' } as ButtonProps}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="node-form">
        {needsParent ? <ParentField label={t('form.parent')} options={options} testId="node-parent" /> : null}
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: tr('node.nameRequired') },
            { max: 50, message: tr('field.tooLong') },
          ]}
        >
          <Input
            autoFocus
            maxLength={50}
            placeholder={t('form.namePlaceholder')}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
        <Form.Item name="code" label={t('form.code')} rules={[{ max: 50, message: tr('field.tooLong') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="sort" label={t('form.sort')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
