import { Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const COLORS: Record<string, string> = { accepted: 'green', duplicate: 'gold', refused: 'red' };

/** An engine message's outcome: accepted (green), duplicate (gold), refused (red). */
export function OutcomeTag({ outcome }: { outcome: string }) {
  const { t } = useTranslation('selfCheckProtocol');
  return (
    <Tag color={COLORS[outcome] ?? 'default'} data-testid={`outcome-${outcome}`}>
      {t(`outcome.${outcome}`, { defaultValue: outcome })}
    </Tag>
  );
}
