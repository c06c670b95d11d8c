import type { FalseAlarmState } from '@sentinel/contract';
import { Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const COLORS: Record<FalseAlarmState, string> = {
  pending: 'gold',
  accepted: 'green',
  relabelled: 'blue',
  dropped: 'default',
};

/** A record's review state. */
export function StateTag({ state }: { state: FalseAlarmState }) {
  const { t } = useTranslation('falseAlarms');
  return (
    <Tag color={COLORS[state]} data-testid="false-alarm-state">
      {t(`state.${state}`)}
    </Tag>
  );
}
