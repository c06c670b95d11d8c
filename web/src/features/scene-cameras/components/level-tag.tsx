import { Tag } from 'antd';
import { useTranslation } from '../../../shared/i18n/i18n.ts';

/** Tag colours by priority (SPEC §4 codes): hint blue, general gold, serious orange, urgent red. */
const COLORS: Record<number, string> = { 120001: 'blue', 120002: 'gold', 120003: 'orange', 120004: 'red' };

export function LevelTag({ level }: { level: number }) {
  const { t } = useTranslation('sceneCameras');
  return (
    <Tag color={COLORS[level] ?? 'default'} data-testid={`level-${level}`}>
      {t(`levels.${level}`, { defaultValue: String(level) })}
    </Tag>
  );
}

export function useLevelLabel() {
  const { t } = useTranslation('sceneCameras');
  return (level: number) => t(`levels.${level}`, { defaultValue: String(level) });
}
