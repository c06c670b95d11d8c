import type { PlanTaskRunOutcome } from '@sentinel/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const OUTCOME_COLOR: Record<PlanTaskRunOutcome, string> = {
  ok: 'green',
  failed: 'red',
  timedOut: 'orange',
  running: 'processing',
};

/** A task's name in the UI language (its code when the product has no label for it). */
export const taskName = (t: TFunction, code: string) => t(`task.${code}`, { defaultValue: code });

/** A run's outcome as a coloured tag. */
export function OutcomeTag({ outcome }: { outcome: PlanTaskRunOutcome }) {
  const { t } = useTranslation('planTasks');
  return (
    <Tag color={OUTCOME_COLOR[outcome]} data-testid={`outcome-${outcome}`}>
      {t(`outcome.${outcome}`)}
    </Tag>
  );
}

/** A duration in ms or s. */
export const durationText = (t: TFunction, ms: number | null) =>
  ms === null ? '—' : ms < 1_000 ? t('ms', { value: ms }) : t('seconds', { value: (ms / 1000).toFixed(1) });

/** A run's summary, e.g. "deleted 1,203 rows" (unknown keys as `key: value`). */
export function summaryText(t: TFunction, summary: Record<string, number | string>, lang: string): string {
  return Object.entries(summary)
    .map(([key, raw]) => {
      const value = typeof raw === 'number' ? raw.toLocaleString(lang) : raw;
      return t(`summaryKey.${key}`, { value, defaultValue: `${key}: ${value}` });
    })
    .join(', ');
}
