import type { AccountItem } from '@sentinel/contract';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useSetAccountRoles } from '../api/set-account-roles.ts';
import { accountChecks, checkRule } from '../lib/account-rules.ts';
import { RoleSelect } from './role-select.tsx';

/** Role assignment of one account (POST account/role); 409 last-admin / self refusals are toasts. */
export function RoleDialog({ account, onClose }: { account: AccountItem | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<{ roleIds: number[] }>();
  const save = useSetAccountRoles();

  useEffect(() => {
    if (!account) return;
    form.resetFields();
    form.setFieldsValue({ roleIds: account.roles.map((r) => r.id) });
  }, [account, form]);

  const submit = async () => {
    if (!account) return;
    let values: { roleIds: number[] };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ accountId: account.id, roleIds: values.roleIds });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={account !== null}
      title={t('roleDialog.title', { name: account?.accountName ?? '' })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'account-roles-submit' } as Record<string, string>}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" data-testid="account-roles-form" onFinish={submit}>
        <Form.Item
          name="roleIds"
          label={t('field.roles')}
          required
          rules={[checkRule(accountChecks.roleIds)]}
        >
          <RoleSelect held={account?.roles} testId="account-roles-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
