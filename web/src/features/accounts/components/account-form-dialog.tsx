import { type AccountItem, PASSWORD_MAX } from '@sentinel/contract';
import { Col, Form, Input, Modal, Row } from 'antd';
import { useEffect } from 'react';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useCreateAccount } from '../api/create-account.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { accountChecks, checkRule } from '../lib/account-rules.ts';
import type { InitialPassword } from './initial-password-dialog.tsx';
import { RoleSelect } from './role-select.tsx';

export interface AccountFormValues {
  accountName: string;
  displayName?: string;
  phone?: string;
  email?: string;
  roleIds: number[];
  password?: string;
  confirm?: string;
}

/** `{}` opens the dialog to create, `{ row }` to edit that account, null closes it. */
export type AccountEditing = { row?: AccountItem } | null;

/**
 * Create or edit an account (SPEC §3, §5). An empty password on create lets the server generate
 * the initial password, which `onInitialPassword` shows once. Server field errors land under their
 * fields and the dialog stays open with everything typed.
 */
export function AccountFormDialog({
  editing,
  onClose,
  onInitialPassword,
}: {
  editing: AccountEditing;
  onClose: () => void;
  onInitialPassword: (value: InitialPassword) => void;
}) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<AccountFormValues>();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const row = editing?.row;
  const isEdit = row !== undefined;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.row) {
      const r = editing.row;
      form.setFieldsValue({
        accountName: r.accountName,
        displayName: r.displayName,
        phone: r.phone,
        email: r.email,
        roleIds: r.roles.map((role) => role.id),
      });
    }
  }, [editing, form]);

  const submit = async () => {
    let values: AccountFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields show what is wrong.
    }
    const common = {
      displayName: values.displayName ?? '',
      phone: values.phone ?? '',
      email: values.email ?? '',
      roleIds: values.roleIds ?? [],
      ...(values.password ? { password: values.password } : {}),
    };
    try {
      if (row) {
        await update.mutateAsync({ id: row.id, ...common });
      } else {
        const result = await create.mutateAsync({ accountName: values.accountName.trim(), ...common });
        if (result.initialPassword) {
          onInitialPassword({ accountName: result.account.accountName, password: result.initialPassword });
        }
      }
      onClose();
    } catch (error) {
      // Field errors go under their fields; other errors were shown as a toast by the request layer.
      if (
        !applyFieldErrors(form, error) &&
        error instanceof RequestError &&
        error.message === tr('account.nameTaken')
      ) {
        form.setFields([{ name: 'accountName', errors: [error.message] }]);
      }
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={isEdit ? t('editTitle') : t('addTitle')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'account-form-submit' } as Record<string, string>}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
    >
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        name="account"
        onFinish={submit}
        autoComplete="off"
        data-testid="account-form"
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="accountName"
              label={t('field.accountName')}
              required={!isEdit}
              rules={isEdit ? [] : [checkRule(accountChecks.accountName)]}
            >
              <Input maxLength={30} disabled={isEdit} autoFocus={!isEdit} data-testid="account-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="displayName"
              label={t('field.displayName')}
              rules={[checkRule(accountChecks.displayName)]}
            >
              <Input maxLength={50} data-testid="account-form-display-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('field.phone')} rules={[checkRule(accountChecks.phone)]}>
              <Input maxLength={11} inputMode="tel" data-testid="account-form-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('field.email')} rules={[checkRule(accountChecks.email)]}>
              <Input maxLength={100} inputMode="email" data-testid="account-form-email" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="roleIds"
              label={t('field.roles')}
              required
              rules={[checkRule(accountChecks.roleIds)]}
            >
              <RoleSelect held={row?.roles} testId="account-form-roles" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={t('field.password')}
              extra={isEdit ? t('passwordKeep') : t('passwordOptional')}
              rules={[checkRule(accountChecks.password)]}
              tooltip={t('passwordHint')}
            >
              <Input.Password
                maxLength={PASSWORD_MAX}
                autoComplete="new-password"
                placeholder={isEdit ? t('passwordKeep') : t('passwordOptional')}
                data-testid="account-form-password"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="confirm"
              label={t('field.confirmPassword')}
              dependencies={['password']}
              rules={[
                checkRule((value: string | undefined) =>
                  accountChecks.confirm(value, form.getFieldValue('password')),
                ),
              ]}
            >
              <Input.Password
                maxLength={PASSWORD_MAX}
                autoComplete="new-password"
                data-testid="account-form-confirm"
              />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
