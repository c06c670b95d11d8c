import { Descriptions, Modal } from 'antd';
import { LicenceBanner } from '@/features/licence/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';
import { Logo } from '@/shared/ui/logo.tsx';

export const APP_VERSION = 'V3.8';
export const SUPPORT_PHONE = '400-820-3800';

export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const appName = useAppStore((s) => s.appName);
  const appLogo = useAppStore((s) => s.appLogo);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={onClose}
      title={t('about.title')}
      okText={tc('close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={440}
    >
      <div data-testid="about-dialog">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '8px 0 16px' }}>
          <Logo src={appLogo} size={40} />
          <strong style={{ fontSize: 18 }}>{appName}</strong>
        </div>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('about.name')}>{appName}</Descriptions.Item>
          <Descriptions.Item label={t('about.version')}>{APP_VERSION}</Descriptions.Item>
          <Descriptions.Item label={t('about.phone')}>
            <a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>
          </Descriptions.Item>
        </Descriptions>
        <LicenceBanner style={{ marginTop: 12 }} />
      </div>
    </Modal>
  );
}
