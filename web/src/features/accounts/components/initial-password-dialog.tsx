import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';

export interface InitialPassword {
  accountName: string;
  password: string;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows a generated initial password ONCE (after create without a password, or a reset), with a
 * copy button and the note that it must be changed at first login. Closing forgets it.
 */
export function InitialPasswordDialog({
  value,
  onClose,
}: {
  value: InitialPassword | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('accounts');
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Modal
      open={value !== null}
      title={t('initialPassword.title')}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={480}
      footer={
        <Button type="primary" onClick={close} data-testid="initial-password-done">
          {t('initialPassword.done')}
        </Button>
      }
    >
      {value ? (
        <div data-testid="initial-password">
          <Typography.Paragraph>
            {t('initialPassword.intro', { name: value.accountName })}
          </Typography.Paragraph>
          <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
            <Input
              readOnly
              value={value.password}
              aria-label={t('initialPassword.title')}
              data-testid="initial-password-value"
              style={{ fontFamily: 'monospace' }}
              onFocus={(e) => e.target.select()}
            />
            <Button
              icon={<CopyOutlined />}
              data-testid="initial-password-copy"
              onClick={async () => {
                if (await copyText(value.password)) {
                  setCopied(true);
                  toast.success(t('initialPassword.copied'));
                }
              }}
            >
              {copied ? t('initialPassword.copied') : t('initialPassword.copy')}
            </Button>
          </Space.Compact>
          <Alert
            type="warning"
            showIcon
            title={t('initialPassword.note')}
            data-testid="initial-password-note"
          />
        </div>
      ) : null}
    </Modal>
  );
}
