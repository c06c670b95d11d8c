import { type RoleItem, roleSaveBody } from '@sentinel/contract';
import { Button, Form, Input, Modal } from 'antd';
import { zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useSaveRole } from '../api/save-role.ts';

const f = roleSaveBody.shape;

interface RoleFormValues {
  name: string;
  displayName: string;
  description?: string;
}

/**
 * Create or edit a role: name (letters, digits, `_`, `-`), display name, description. Enter
 * submits, Esc closes; the server's field errors (e.g. a taken name) appear under the fields.
 */
export function RoleFormDialog({
  role,
  onClose,
  onSaved,
}: {
  /** Absent: create. */
  role?: RoleItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const save = useSaveRole();

  const submit = async (values: RoleFormValues) => {
    const description = values.description?.trim();
    try {
      await save.mutateAsync({
        ...(role ? { id: role.id } : {}),
        name: values.name.trim(),
        displayName: values.displayName.trim(),
        ...(description !== undefined ? { description } : {}),
      });
      toast.success(role ? t('form.updated') : t('form.created'));
      onSaved();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open
      title={role ? t('form.editTitle') : t('form.addTitle')}
      onCancel={onClose}
      keyboard
      mask={{ closable: false }}
      width={520}
      data-testid="role-dialog"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="role-cancel">
          {tc('cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="role-submit"
        >
          {tc('save')}
        </Button>,
      ]}
    >
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        name="role-form"
        initialValues={
          role
            ? { name: role.name, displayName: role.displayName, description: role.description }
            : { name: '', displayName: '', description: '' }
        }
        onFinish={(values) => void submit(values)}
        data-testid="role-form"
      >
        <Form.Item
          name="name"
          label={t('field.name')}
          required
          extra={t('form.nameHint')}
          rules={[zodRule(f.name, { emptyAs: '' })]}
        >
          <Input
            maxLength={32}
            autoFocus={!role?.builtIn}
            disabled={role?.builtIn}
            autoComplete="off"
            data-testid="role-name"
          />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('field.displayName')}
          required
          rules={[zodRule(f.displayName, { emptyAs: '' })]}
        >
          <Input
            maxLength={64}
            autoFocus={role?.builtIn}
            autoComplete="off"
            data-testid="role-display-name"
          />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[zodRule(f.description)]}>
          <Input.TextArea maxLength={200} showCount rows={3} data-testid="role-description" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
