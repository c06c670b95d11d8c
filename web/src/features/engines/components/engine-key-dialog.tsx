import { CopyOutlined } from '@ant-design/icons';
import type { EngineCreated } from '@sentinel/contract';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';

/** Copies with the Clipboard API, or the selection of a hidden textarea where it is missing (http). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  return ok;
}

/** The new engine's key, shown this once, with a copy button and a warning. */
export function EngineKeyDialog({ created, onClose }: { created: EngineCreated; onClose: () => void }) {
  const { t } = useTranslation('engines');
  const { t: tc } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Modal
      open
      title={t('keyDialog.title', { name: created.name })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="engine-key-done">
          {tc('close')}
        </Button>
      }
    >
      <div data-testid="engine-key-dialog">
        <Alert type="warning" showIcon title={t('keyDialog.warning')} style={{ marginBottom: 16 }} />
        <Typography.Text type="secondary">{t('keyDialog.header')}</Typography.Text>
        <Flex gap={8} style={{ marginTop: 8 }}>
          <Input
            readOnly
            value={created.key}
            onFocus={(e) => e.target.select()}
            style={{ fontFamily: 'monospace' }}
            aria-label={t('keyDialog.keyLabel')}
            data-testid="engine-key-value"
          />
          <Button
            icon={<CopyOutlined />}
            onClick={async () => {
              const ok = await copyText(created.key);
              setCopied(ok);
              if (ok) toast.success(t('keyDialog.copied'));
              else toast.error(t('keyDialog.copyFailed'));
            }}
            data-testid="engine-key-copy"
          >
            {copied ? t('keyDialog.copied') : t('keyDialog.copy')}
          </Button>
        </Flex>
      </div>
    </Modal>
  );
}
