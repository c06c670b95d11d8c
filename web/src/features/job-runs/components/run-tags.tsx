import { JOB_RUN_STATE_COLORS, type JobRunState } from '@sentinel/contract';
import { Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** A run's state in its colour (SPEC §4 "Job run"). */
export function RunStateTag({ state }: { state: number }) {
  const { t } = useTranslation('jobRuns');
  return (
    <Tag color={JOB_RUN_STATE_COLORS[state as JobRunState] ?? 'default'} data-testid="run-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** Detection: normal (green) or violation (red). */
export function DetectionTag({ detection }: { detection: number }) {
  const { t } = useTranslation('jobRuns');
  return (
    <Tag color={detection === 1 ? 'red' : 'green'} data-testid="run-detection">
      {t(`detection.${detection === 1 ? 1 : 0}`)}
    </Tag>
  );
}
