import { Modal } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('session');
  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={480}
      data-testid="change-password-dialog"
    >
      <ChangePasswordForm onDone={onClose} />
    </Modal>
  );
}
