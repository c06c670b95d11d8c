import { TRAINING_STATE, type TrainingState } from '@sentinel/contract';
import { Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const COLORS: Record<TrainingState, string> = {
  [TRAINING_STATE.notStarted]: 'default',
  [TRAINING_STATE.training]: 'processing',
  [TRAINING_STATE.completed]: 'success',
  [TRAINING_STATE.error]: 'error',
  [TRAINING_STATE.terminated]: 'warning',
};

/** SPEC §4's training state as a tag. */
export function StateTag({ state }: { state: TrainingState }) {
  const { t } = useTranslation('training');
  return (
    <Tag color={COLORS[state]} data-testid="training-state">
      {t(`state.${state}`)}
    </Tag>
  );
}
