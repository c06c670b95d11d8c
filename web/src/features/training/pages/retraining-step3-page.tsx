import { type Lang, MESSAGES, type MessageCode, TRAINING_STATE } from '@sentinel/contract';
import { Alert, Button, Descriptions, Flex, Progress, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { i18n, useTranslation } from '@/shared/i18n/i18n.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useJob, useJobLog, useTerminate, useTrainingLive } from '../api.ts';
import { MetricsCompare } from '../components/metrics-compare.tsx';
import { StateTag } from '../components/state-tag.tsx';
import { TrainingJobsTable } from '../components/training-jobs-table.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { LIBRARY_PATH } from '../paths.ts';

const reasonOf = (error: string) =>
  MESSAGES[error as MessageCode]?.[(i18n.language === 'zh-CN' ? 'zh-CN' : 'en') as Lang] ?? error;

/** Step 3: the job live (progress, epoch, log), terminate, and on completion the new version's metrics. */
export default function RetrainingStep3Page() {
  const { t } = useTranslation('training');
  const instanceName = useParams().instanceName ?? '';
  const jobId = Number(useSearchParams()[0].get('job') ?? 0);
  const job = useJob(jobId);
  const log = useJobLog(jobId);
  const terminate = useTerminate();
  useTrainingLive(jobId);

  if (!jobId) {
    return (
      <WizardFrame step={2} instanceName={instanceName}>
        <PageEmpty description={t('progress.noJob')} />
      </WizardFrame>
    );
  }
  if (job.isLoading) return <PageLoading />;
  if (job.isError || !job.data) return <PageError onRetry={() => void job.refetch()} />;
  const data = job.data;
  const running = data.state === TRAINING_STATE.notStarted || data.state === TRAINING_STATE.training;
  const askTerminate = () =>
    confirmDialog({
      title: t('terminate.title'),
      content: t('terminate.content'),
      okText: t('terminate.ok'),
      okButtonProps: { danger: true },
      onOk: () => terminate.mutateAsync(data.id),
    });
  return (
    <WizardFrame step={2} instanceName={instanceName}>
      {data.trainer === 'builtin' && (
        <Alert type="info" showIcon message={t('simulated')} style={{ marginBottom: 16 }} />
      )}
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('progress.job')}>#{data.id}</Descriptions.Item>
        <Descriptions.Item label={t('progress.state')}>
          <StateTag state={data.state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('progress.epoch')}>
          <span data-testid="training-epoch">
            {data.epoch} / {data.epochs}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('jobs.started')}>{formatTime(data.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('progress.finished')}>{formatTime(data.finishedAt)}</Descriptions.Item>
      </Descriptions>
      <Progress
        percent={data.progress}
        status={data.state === TRAINING_STATE.error ? 'exception' : running ? 'active' : undefined}
        data-testid="training-progress"
      />
      {data.error && <Alert type="error" showIcon message={reasonOf(data.error)} style={{ marginTop: 8 }} />}
      {running && (
        <Button danger style={{ marginTop: 8 }} onClick={askTerminate} data-testid="training-terminate">
          {t('terminate.button')}
        </Button>
      )}
      {data.resultVersion && (
        <div style={{ marginTop: 16 }} data-testid="training-result">
          <Typography.Title level={5}>{t('result.title', { n: data.resultVersion.number })}</Typography.Title>
          <MetricsCompare live={data.liveVersion} result={data.resultVersion} />
          <Flex style={{ marginTop: 8 }}>
            <Link to={LIBRARY_PATH}>{t('result.publish')}</Link>
          </Flex>
        </div>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('progress.log')}
      </Typography.Title>
      <pre
        data-testid="training-log"
        style={{ maxHeight: 240, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 8, fontSize: 12 }}
      >
        {(log.data ?? []).map((l) => `${formatTime(l.at)} ${l.level.toUpperCase()} ${l.message}`).join('\n')}
      </pre>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('jobs.title')}
      </Typography.Title>
      <TrainingJobsTable algorithmId={data.algorithmId} instanceName={instanceName} />
    </WizardFrame>
  );
}
