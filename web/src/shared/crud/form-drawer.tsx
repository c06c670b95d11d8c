import { Button, type ButtonProps, Drawer, Modal, Space } from 'antd';
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
  width = 480,
  extra,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  /** `<testId>-drawer` on the drawer, `<testId>-save` on its save button. */
  testId: string;
  width?: number;
  /** Shown in the header, right of the title. */
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={width}
      destroyOnHidden
      data-testid={`${testId}-drawer`}
      extra={extra}
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
  testId,
  width,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  /** `<testId>-save` on the OK button. */
  testId?: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={onSave}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
      // antd's button props do not list data attributes, though the button passes them on
      okButtonProps={testId ? ({ 'data-testid': `${testId}-save` } as ButtonProps) : undefined}
    >
      {children}
    </Modal>
  );
}
