import type { AlarmBatchResult } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { AlarmCommentInput, patchCachedAlarm, refreshAlarms } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { batchAlarms } from '../api/alarm-batch.ts';

/** Batch process / mark false positive of the selected rows, then the per-id outcomes. */
export function BatchBar({
  ids,
  canDeal,
  canCancel,
  onDone,
}: {
  ids: number[];
  canDeal: boolean;
  canCancel: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('alarms');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [dealing, setDealing] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<AlarmBatchResult['list'] | null>(null);

  async function run(action: 'deal' | 'cancel', text = '') {
    setBusy(true);
    try {
      const result = await batchAlarms({ ids, action, comment: text });
      for (const outcome of result.list) if (outcome.alarm) patchCachedAlarm(client, outcome.alarm);
      refreshAlarms(client);
      setOutcomes(result.list);
      setDealing(false);
      setComment('');
      onDone();
    } catch {
      // the request layer has shown the message; keep the dialog and the comment
    } finally {
      setBusy(false);
    }
  }

  if (!canDeal && !canCancel) return null;
  const none = ids.length === 0;
  return (
    <>
      <Space wrap>
        <Typography.Text type="secondary">{t('batch.selected', { count: ids.length })}</Typography.Text>
        {canDeal ? (
          <Button disabled={none} onClick={() => setDealing(true)} data-testid="alarm-batch-deal">
            {t('batch.deal')}
          </Button>
        ) : null}
        {canCancel ? (
          <Button
            danger
            disabled={none}
            loading={busy}
            data-testid="alarm-batch-cancel"
            onClick={() =>
              confirmDialog({
                title: tc('alarm.confirm.cancel'),
                content: t('batch.selected', { count: ids.length }),
                okButtonProps: { danger: true },
                onOk: () => run('cancel'),
              })
            }
          >
            {t('batch.cancel')}
          </Button>
        ) : null}
      </Space>
      <Modal
        open={dealing}
        title={t('batch.deal')}
        confirmLoading={busy}
        onCancel={() => setDealing(false)}
        onOk={() => run('deal', comment.trim())}
      >
        <AlarmCommentInput value={comment} onChange={setComment} />
      </Modal>
      <Modal
        open={outcomes !== null}
        title={t('batch.result')}
        onCancel={() => setOutcomes(null)}
        onOk={() => setOutcomes(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <List
          size="small"
          data-testid="alarm-batch-result"
          dataSource={outcomes ?? []}
          renderItem={(item) => (
            <List.Item>
              #{item.id}{' '}
              {item.ok ? (
                <Tag color="green">{t('batch.ok')}</Tag>
              ) : (
                <Tag color="red">{t('batch.failed')}</Tag>
              )}
              {item.message ?? ''}
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
