import type { DcsAlarmItem } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, type ButtonProps, Descriptions, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { AlarmCommentInput } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { DCS_KEY, dealDcsAlarm } from '../api/dcs-alarms.ts';
import { limitsText, valueText } from '../lib/dcs-format.ts';

/**
 * Process a pending DCS alarm with an optional comment (处理结果，100字以内). When someone else
 * processed it first (409), the server message is shown, the list refreshes and the typed
 * comment stays in the dialog.
 */
export function DcsDealDialog({ alarm, onClose }: { alarm: DcsAlarmItem; onClose: () => void }) {
  const { t } = useTranslation('historyEvents');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);

  async function submit() {
    setBusy(true);
    try {
      await dealDcsAlarm(alarm, comment.trim());
      void client.invalidateQueries({ queryKey: DCS_KEY });
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.httpStatus === 409) {
        setStale(true);
        void client.invalidateQueries({ queryKey: DCS_KEY });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('dealTitle', { id: alarm.id })}
      okText={tc('alarm.action.deal')}
      confirmLoading={busy}
      okButtonProps={{ disabled: stale, 'data-testid': 'dcs-deal-ok' } as ButtonProps}
      onCancel={onClose}
      onOk={submit}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('dcs.point')}>
          {alarm.pointName} ({alarm.tag})
        </Descriptions.Item>
        <Descriptions.Item label={t('dcs.value')}>
          {valueText(alarm)} · {t('dcs.limits')} {limitsText(alarm)}
        </Descriptions.Item>
      </Descriptions>
      {stale ? <Alert type="warning" showIcon title={t('stale')} style={{ marginBottom: 12 }} /> : null}
      <AlarmCommentInput value={comment} onChange={setComment} testId="dcs-deal-comment" />
    </Modal>
  );
}
