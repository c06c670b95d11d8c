import { InboxOutlined } from '@ant-design/icons';
import { type DatasetImportReport, translate } from '@sentinel/contract';
import { Alert, Button, Descriptions, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { currentLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { uploadZip, useImportProgress, useRefreshDatasets } from '../api/datasets.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing'; key: string }
  | { kind: 'done'; report: DatasetImportReport }
  | { kind: 'failed'; message: string };

/**
 * Import a zip (YOLO or COCO, detected by the server): the upload's progress, then "processing"
 * while the server checks and adds the images, then the report (added, duplicates, refused with
 * reasons). Closing during the upload cancels it.
 */
export function ZipImportDialog({ datasetId, onClose }: { datasetId: number; onClose: () => void }) {
  const { t } = useTranslation('datasets');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const refresh = useRefreshDatasets();
  useEffect(() => () => controller.current?.abort(), []);

  const progress = useImportProgress(datasetId, phase.kind === 'processing' ? phase.key : null);
  const start = async (file: File) => {
    const key = crypto.randomUUID();
    const own = new AbortController();
    controller.current = own;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const report = await uploadZip(
        datasetId,
        file,
        key,
        ({ percent }) => {
          if (own.signal.aborted) return;
          setPhase(percent >= 100 ? { kind: 'processing', key } : { kind: 'uploading', percent });
        },
        own.signal,
      );
      setPhase({ kind: 'done', report });
      void refresh();
    } catch (error) {
      if (!own.signal.aborted)
        setPhase({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  return (
    <Modal
      open
      title={t('importZip')}
      width={720}
      onCancel={onClose}
      maskClosable={!busy}
      footer={<Button onClick={onClose}>{phase.kind === 'done' ? t('close') : t('cancel')}</Button>}
    >
      {phase.kind === 'idle' || phase.kind === 'failed' ? (
        <>
          <Upload.Dragger
            accept=".zip,application/zip"
            showUploadList={false}
            beforeUpload={(file) => {
              void start(file);
              return false;
            }}
            data-testid="dataset-zip-input"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('zipDrop')}</p>
            <Typography.Text type="secondary">{t('zipHint')}</Typography.Text>
          </Upload.Dragger>
          {phase.kind === 'failed' ? (
            <Alert
              style={{ marginTop: 12 }}
              type="error"
              showIcon
              message={phase.message}
              data-testid="dataset-zip-error"
            />
          ) : null}
        </>
      ) : null}
      {phase.kind === 'uploading' ? (
        <div data-testid="dataset-zip-uploading">
          <Typography.Text>{t('uploading')}</Typography.Text>
          <Progress percent={phase.percent} status="active" data-testid="dataset-zip-progress" />
        </div>
      ) : null}
      {phase.kind === 'processing' ? (
        <div data-testid="dataset-zip-processing">
          <Typography.Text>
            {progress.data?.total
              ? t('processingCount', { done: progress.data.done, total: progress.data.total })
              : t('processing')}
          </Typography.Text>
          <Progress
            percent={
              progress.data?.total ? Math.floor((progress.data.done / progress.data.total) * 100) : 100
            }
            status="active"
            showInfo={Boolean(progress.data?.total)}
            data-testid="dataset-import-progress"
          />
        </div>
      ) : null}
      {phase.kind === 'done' ? (
        <div data-testid="dataset-zip-report">
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'format', label: t('report.format'), children: phase.report.format.toUpperCase() },
              {
                key: 'added',
                label: t('report.added'),
                children: <span data-testid="dataset-report-added">{phase.report.added}</span>,
              },
              { key: 'dup', label: t('report.duplicates'), children: phase.report.duplicates },
              { key: 'refused', label: t('report.refused'), children: phase.report.refused.length },
              ...(phase.report.newClasses.length > 0
                ? [
                    {
                      key: 'classes',
                      label: t('report.newClasses'),
                      children: phase.report.newClasses.join(', '),
                    },
                  ]
                : []),
            ]}
          />
          {phase.report.refused.length > 0 ? (
            <Table
              style={{ marginTop: 12 }}
              size="small"
              rowKey="entry"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={phase.report.refused}
              columns={[
                { title: t('report.entry'), dataIndex: 'entry', ellipsis: true },
                {
                  title: t('report.reason'),
                  dataIndex: 'reason',
                  render: (r: string) => translate(r, currentLang()),
                },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
