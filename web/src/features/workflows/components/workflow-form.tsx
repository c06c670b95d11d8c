import type { WorkflowRow } from '@sentinel/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useSaveWorkflow } from '../api/workflow-detail.ts';
import { useAllWorkflowTypes } from '../api/workflow-types.ts';
import { useCreateWorkflow } from '../api/workflows.ts';

interface Values {
  name: string;
  typeId: number;
}

/** New flowchart (name + type; then the editor opens) or rename / change the type of one. */
export function WorkflowForm({
  open,
  editing,
  onClose,
  onCreated,
}: {
  open: boolean;
  editing: WorkflowRow | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('workflows');
  const [form] = Form.useForm<Values>();
  const types = useAllWorkflowTypes();
  const create = useCreateWorkflow();
  const save = useSaveWorkflow();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ name: editing.name, typeId: editing.typeId ?? undefined });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      if (editing) {
        await save.mutateAsync({ body: { id: editing.id, name: values.name, typeId: values.typeId } });
        onClose();
      } else {
        const envelope = await create.mutateAsync(values);
        onClose();
        onCreated(envelope.data.id);
      }
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  const noTypes = types.isSuccess && types.data.length === 0;
  return (
    <Modal
      open={open}
      title={t(editing ? 'list.renameTitle' : 'list.addTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()} data-testid="workflow-form">
        <Form.Item
          name="name"
          label={t('list.name')}
          rules={[{ required: true, whitespace: true, message: t('list.nameRequired') }]}
        >
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item
          name="typeId"
          label={t('list.type')}
          rules={[{ required: true, message: t('list.typeRequired') }]}
          help={noTypes ? t('list.noTypes') : undefined}
        >
          <Select
            data-testid="workflow-form-type"
            loading={types.isPending}
            options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
