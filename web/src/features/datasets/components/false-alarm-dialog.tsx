import { Alert, type ButtonProps, Descriptions, Modal, Skeleton } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useFalseAlarmPreview, useImportFalseAlarms } from '../api/datasets.ts';

/**
 * Import reviewed false-alarm records of the dataset's instance: how many accepted ones come in as
 * negatives and relabelled ones with their boxes (already imported ones are skipped), then import.
 */
export function FalseAlarmDialog({ datasetId, onClose }: { datasetId: number; onClose: () => void }) {
  const { t } = useTranslation('datasets');
  const preview = useFalseAlarmPreview(datasetId, true);
  const run = useImportFalseAlarms(datasetId);
  const total = (preview.data?.negatives ?? 0) + (preview.data?.relabelled ?? 0);
  return (
    <Modal
      open
      title={t('fromFalseAlarms')}
      okText={t('importCount', { count: total })}
      okButtonProps={
        {
          disabled: total === 0 || !preview.data,
          loading: run.isPending,
          'data-testid': 'dataset-fa-import',
        } as ButtonProps
      }
      onOk={async () => {
        await run.mutateAsync();
        onClose();
      }}
      onCancel={onClose}
    >
      {preview.isLoading ? <Skeleton active /> : null}
      {preview.isError ? <Alert type="warning" showIcon message={preview.error.message} /> : null}
      {preview.data ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          data-testid="dataset-fa-preview"
          items={[
            { key: 'neg', label: t('fa.negatives'), children: preview.data.negatives },
            { key: 'rel', label: t('fa.relabelled'), children: preview.data.relabelled },
            { key: 'done', label: t('fa.already'), children: preview.data.alreadyImported },
          ]}
        />
      ) : null}
      <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('fa.rule')} />
    </Modal>
  );
}
