import { ALARM_COMMENT_MAX } from '@sentinel/contract';
import { Input } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** The processing comment of an alarm (within ALARM_COMMENT_MAX characters, with a counter). */
export function AlarmCommentInput({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.TextArea
      autoFocus
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={ALARM_COMMENT_MAX}
      showCount
      rows={4}
      placeholder={t('alarm.commentPlaceholder')}
      aria-label={t('alarm.commentPlaceholder')}
      data-testid={testId}
    />
  );
}
