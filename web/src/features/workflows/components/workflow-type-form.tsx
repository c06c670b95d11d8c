import type { WorkflowTypeRow } from '@sentinel/contract';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useSaveWorkflowType } from '../api/workflow-types.ts';

interface Values {
  name: string;
  description: string;
}

/** Add (no `editing`) or edit a workflow type. */
export function WorkflowTypeForm({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: WorkflowTypeRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflows');
  const [form] = Form.useForm<Values>();
  const save = useSaveWorkflowType();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: editing?.name ?? '', description: editing?.description ?? '' });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync(editing ? { id: editing.id, ...values } : values);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'types.editTitle' : 'types.addTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit' }}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()} data-testid="workflow-type-form">
        <Form.Item
          name="name"
          label={t('types.name')}
          rules={[{ required: true, whitespace: true, message: t('types.nameRequired') }]}
        >
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('types.description')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
