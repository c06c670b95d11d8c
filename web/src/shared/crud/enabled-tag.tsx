import { Tag } from 'antd';
import { useTranslation } from '../i18n/i18n.ts';

/** A row's 'enabled' flag: a coloured tag when enabled, a plain one when not. */
export function EnabledTag({ enabled, color = 'blue' }: { enabled: boolean; color?: string }) {
  const { t } = useTranslation();
  return enabled ? <Tag color={color}>{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>;
}
