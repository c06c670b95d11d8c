import { Button, Drawer, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';

/** The add / edit drawer of a list page: the form in the body, cancel and save in the footer. */
export function FormDrawer({
  open,
  title,
  onClose,
  onSave,
  saving,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={480}
      destroyOnHidden
      data-testid={`${testId}-drawer`}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={`${testId}-save`}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}

/** The add / edit dialog of a short form (a few fields): OK saves, Cancel and Esc close. */
export function FormModal({
  open,
  title,
  onClose,
  onSave,
  saving,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={onSave} confirmLoading={saving} destroyOnHidden>
      {children}
    </Modal>
  );
}
