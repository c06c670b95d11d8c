import { type Lang, MESSAGES, type MessageCode, TRAINING_MAX_EPOCHS } from '@sentinel/contract';
import { Alert, Button, Flex, Form, InputNumber, Table } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { i18n, useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useCreateJob, usePreview } from '../api.ts';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { step1Path, step3Path } from '../paths.ts';

const change = (now: number, before: number) =>
  now - before > 0 ? `+${now - before}` : String(now - before);
const messageOf = (code: string) =>
  MESSAGES[code as MessageCode]?.[(i18n.language === 'zh-CN' ? 'zh-CN' : 'en') as Lang] ?? code;

/** Step 2: what changed since the last training (images per class, negatives), epochs, confirm. */
export default function RetrainingStep2Page() {
  const { t } = useTranslation('training');
  const params = useParams();
  const navigate = useNavigate();
  const instanceId = Number(params.instanceId);
  const instanceName = params.instanceName ?? '';
  const datasetVersionId = Number(params.imgData);
  const preview = usePreview(instanceId, datasetVersionId);
  const create = useCreateJob();
  const [epochs, setEpochs] = useState<number | null>(10);

  if (preview.isLoading) return <PageLoading />;
  if (preview.isError || !preview.data) {
    return (
      <WizardFrame step={1} instanceName={instanceName}>
        <PageError message={preview.error?.message} onRetry={() => void preview.refetch()} />
      </WizardFrame>
    );
  }
  const data = preview.data;
  const rows = [
    { key: 'images', name: t('changes.images'), ...data.images },
    { key: 'negatives', name: t('changes.negatives'), ...data.negatives },
    ...data.classes.map((c) => ({
      key: `cls-${c.cls}`,
      name: t('changes.boxes', { cls: c.cls }),
      now: c.now,
      before: c.before,
    })),
  ];
  const confirm = async () => {
    if (!epochs) return;
    const job = await create.mutateAsync({ algorithmId: instanceId, datasetVersionId, epochs });
    navigate(step3Path(instanceName, job.id));
  };
  return (
    <WizardFrame step={1} instanceName={instanceName}>
      <p data-testid="last-training">
        {data.lastTraining
          ? t('changes.since', {
              job: data.lastTraining.jobId,
              dataset: data.lastTraining.datasetVersion.datasetName,
              version: data.lastTraining.datasetVersion.number,
            })
          : t('changes.never')}
      </p>
      <Table
        size="small"
        pagination={false}
        data-testid="changes"
        dataSource={rows}
        columns={[
          { title: t('changes.what'), dataIndex: 'name' },
          { title: t('changes.before'), dataIndex: 'before' },
          { title: t('changes.now'), dataIndex: 'now' },
          { title: t('changes.delta'), key: 'delta', render: (_, r) => change(r.now, r.before) },
        ]}
      />
      {data.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="minimum-problems"
          message={t('changes.belowMinimum')}
          description={
            <ul style={{ margin: 0 }}>
              {data.problems.map((p) => (
                <li key={`${p.code}-${p.cls ?? ''}`}>
                  {messageOf(p.code)}
                  {p.cls ? `: ${p.cls}` : ''}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Form layout="inline" style={{ marginTop: 16 }} onFinish={() => void confirm()}>
        <Form.Item label={t('epochs')} htmlFor="training-epochs">
          <InputNumber
            id="training-epochs"
            min={1}
            max={TRAINING_MAX_EPOCHS}
            precision={0}
            value={epochs}
            onChange={setEpochs}
          />
        </Form.Item>
        <Flex gap={8} style={{ marginLeft: 'auto' }}>
          <Button onClick={() => navigate(step1Path(instanceId, instanceName))}>{t('action.back')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            data-testid="step2-confirm"
            loading={create.isPending}
            disabled={data.problems.length > 0 || !epochs}
          >
            {t('action.start')}
          </Button>
        </Flex>
      </Form>
    </WizardFrame>
  );
}
