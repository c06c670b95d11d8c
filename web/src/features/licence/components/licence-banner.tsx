import type { LicenceNotice } from '@sentinel/contract';
import { Alert } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useLicenceNotice } from '../api/licence.ts';

/** The warning text of a notice, or '' when there is nothing to warn about. */
export function useNoticeText(notice: LicenceNotice | undefined): string {
  const { t } = useTranslation('licence');
  if (!notice) return '';
  const parts: string[] = [];
  if (notice.overLimit)
    parts.push(t('warning.overLimit', { enabled: notice.enabledCameras, licensed: notice.licensedChannels }));
  if (notice.expired) parts.push(t('warning.expired'));
  return parts.join(' ');
}

/** A small banner for the camera list (and the about dialog): enabled cameras over the licence, or expired. */
export function LicenceBanner({ style }: { style?: React.CSSProperties }) {
  const notice = useLicenceNotice();
  const text = useNoticeText(notice.data);
  if (!text) return null;
  return <Alert type="warning" showIcon title={text} style={style} data-testid="licence-banner" />;
}
