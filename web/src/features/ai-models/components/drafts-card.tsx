import { Button, Card, Empty, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useDiscardDraft, useDrafts } from '../api/wizard.ts';
import { continuePath } from '../lib/wizard-paths.ts';

/** Unfinished instance wizards: continue where it was left, or discard (with its sample image). */
export function DraftsCard({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('aiModels');
  const drafts = useDrafts();
  const discard = useDiscardDraft();
  const navigate = useNavigate();
  if (drafts.isSuccess && drafts.data.length === 0) return null;
  return (
    <Card variant="borderless" title={t('drafts.title')} style={{ marginTop: 16 }} data-testid="ai-drafts">
      {drafts.isError ? (
        <PageError message={drafts.error.message} onRetry={() => drafts.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={drafts.isFetching}
          pagination={false}
          dataSource={drafts.data ?? []}
          locale={{ emptyText: <Empty description={t('drafts.empty')} /> }}
          columns={[
            { title: t('wizard.name'), dataIndex: 'name' },
            { title: t('wizard.code'), dataIndex: 'code' },
            { title: t('drafts.model'), dataIndex: 'modelName' },
            {
              title: t('drafts.step'),
              dataIndex: 'wizardStep',
              render: (step: number) => (
                <Tag color="processing">{t('drafts.atStep', { step: Math.min(step, 4) })}</Tag>
              ),
            },
            { title: t('field.updatedAt'), dataIndex: 'updatedAt', render: formatTime, responsive: ['md'] },
            {
              title: t('actions'),
              key: 'actions',
              render: (_, draft) =>
                canWrite ? (
                  <Space size={0}>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => navigate(continuePath(draft))}
                      data-testid={`ai-draft-${draft.code}-continue`}
                    >
                      {t('drafts.continue')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      data-testid={`ai-draft-${draft.code}-discard`}
                      onClick={() =>
                        confirmDialog({
                          title: t('drafts.discardConfirm'),
                          content: draft.name,
                          okButtonProps: { danger: true },
                          onOk: () => discard.mutateAsync(draft.id).catch(() => undefined),
                        })
                      }
                    >
                      {t('drafts.discard')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
