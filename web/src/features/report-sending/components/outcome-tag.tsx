import type { ReportOutcome } from '@sentinel/contract';
import { Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const COLORS: Record<ReportOutcome, string> = {
  pending: 'processing',
  sent: 'success',
  skipped: 'default',
  failed: 'error',
};

export function OutcomeTag({ outcome }: { outcome: ReportOutcome }) {
  const { t } = useTranslation('reportSending');
  return (
    <Tag color={COLORS[outcome]} data-testid={`outcome-${outcome}`}>
      {t(`outcome.${outcome}`)}
    </Tag>
  );
}
