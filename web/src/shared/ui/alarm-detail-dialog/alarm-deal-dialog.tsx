import { Alert, type ButtonProps, Modal } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { AlarmCommentInput } from './alarm-comment-input.tsx';

/** Processing an alarm: an optional comment (SPEC §4); a 409 keeps the comment and warns. */
export function AlarmDealDialog({
  open,
  alarmId,
  busy,
  stale,
  comment,
  onComment,
  onCancel,
  onOk,
}: {
  open: boolean;
  alarmId: number;
  busy: boolean;
  stale: boolean;
  comment: string;
  onComment: (text: string) => void;
  onCancel: () => void;
  onOk: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('alarm.dealTitle', { id: alarmId })}
      okText={t('alarm.action.deal')}
      confirmLoading={busy}
      okButtonProps={{ disabled: stale, 'data-testid': 'alarm-deal-ok' } as ButtonProps}
      onCancel={onCancel}
      onOk={onOk}
      destroyOnHidden
    >
      {stale ? <Alert type="warning" showIcon title={t('alarm.stale')} style={{ marginBottom: 12 }} /> : null}
      <AlarmCommentInput value={comment} onChange={onComment} testId="alarm-deal-comment" />
    </Modal>
  );
}
