import { isPriorityCode, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import { Tag } from 'antd';
import { useLang } from '@/shared/i18n/i18n.ts';

/** A level (priority code, SPEC §4) in the UI language, coloured by priority (contract colours). */
export function useLevelLabel() {
  const lang = useLang();
  return (level: number) => (isPriorityCode(level) ? PRIORITY_LABELS[level][lang] : String(level));
}

export function LevelTag({ level }: { level: number }) {
  const label = useLevelLabel();
  return (
    <Tag color={isPriorityCode(level) ? PRIORITY_COLORS[level] : 'default'} data-testid={`level-${level}`}>
      {label(level)}
    </Tag>
  );
}
