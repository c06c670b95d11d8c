import type { AccountItem } from '@sentinel/contract';
import { Button, type ButtonProps, Space } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useLockAccount } from '../api/lock-account.ts';
import { useResetPassword } from '../api/reset-password.ts';
import type { InitialPassword } from './initial-password-dialog.tsx';

/** The OK button of every confirmation here carries `data-testid="accounts-confirm-ok"`. */
const okButton = (danger: boolean): ButtonProps => ({
  danger,
  ...({ 'data-testid': 'accounts-confirm-ok' } as ButtonProps),
});

export type AccountDialog = 'edit' | 'role' | 'scene' | 'region';

/**
 * The row's controls, each only with its button code. Lock, reset and delete ask first; a refusal
 * (409: last admin, oneself) is the request layer's error toast.
 */
export function AccountActions({
  row,
  can,
  onOpen,
  onInitialPassword,
}: {
  row: AccountItem;
  can: (code: string) => boolean;
  onOpen: (dialog: AccountDialog, row: AccountItem) => void;
  onInitialPassword: (value: InitialPassword) => void;
}) {
  const { t } = useTranslation('accounts');
  const lock = useLockAccount();
  const reset = useResetPassword();
  const remove = useDeleteAccount();
  const name = row.accountName;
  const id = (action: string) => `account-${action}-${name}`;
  // Errors were shown by the request layer; the dialog closes either way.
  const quietly = (run: () => Promise<unknown>) => () => run().catch(() => undefined);

  const link = (action: string, label: string, onClick: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={onClick} data-testid={id(action)}>
      {label}
    </Button>
  );

  return (
    <Space size={0} wrap={false}>
      {can('accounts:edit') ? link('edit', t('action.edit'), () => onOpen('edit', row)) : null}
      {can('accounts:role') ? link('role', t('action.role'), () => onOpen('role', row)) : null}
      {can('accounts:authority')
        ? link('scene', t('action.sceneAuthority'), () => onOpen('scene', row))
        : null}
      {can('accounts:authority')
        ? link('region', t('action.regionAuthority'), () => onOpen('region', row))
        : null}
      {can('accounts:lock')
        ? link(row.locked ? 'unlock' : 'lock', row.locked ? t('action.unlock') : t('action.lock'), () =>
            confirmDialog({
              title: t('confirm.title'),
              content: row.locked ? t('confirm.unlock', { name }) : t('confirm.lock', { name }),
              okButtonProps: okButton(!row.locked),
              onOk: quietly(() => lock.mutateAsync({ id: row.id, locked: !row.locked })),
            }),
          )
        : null}
      {can('accounts:resetPassword')
        ? link('reset-password', t('action.resetPassword'), () =>
            confirmDialog({
              title: t('confirm.title'),
              content: t('confirm.resetPassword', { name }),
              okButtonProps: okButton(false),
              onOk: quietly(async () => {
                const result = await reset.mutateAsync(row.id);
                onInitialPassword({ accountName: name, password: result.initialPassword });
              }),
            }),
          )
        : null}
      {can('accounts:delete')
        ? link(
            'delete',
            t('action.delete'),
            () =>
              confirmDialog({
                title: t('confirm.delete'),
                content: t('confirm.deleteName', { name }),
                okButtonProps: okButton(true),
                onOk: quietly(() => remove.mutateAsync(row.id)),
              }),
            true,
          )
        : null}
    </Space>
  );
}
