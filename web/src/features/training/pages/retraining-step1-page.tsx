import type { DatasetVersionBrief } from '@sentinel/contract';
import { Alert, Button, Flex, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useTrainingInstance } from '../api.ts';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { DATASETS_PATH, LIBRARY_PATH, step2Path } from '../paths.ts';

/** Step 1: pick a frozen version of one of this instance's datasets (only this instance's are offered). */
export default function RetrainingStep1Page() {
  const { t } = useTranslation('training');
  const params = useParams();
  const navigate = useNavigate();
  const instanceId = Number(params.instanceId);
  const instanceName = params.instanceName ?? '';
  const instance = useTrainingInstance(instanceId);
  const [picked, setPicked] = useState<number | null>(null);

  if (instance.isLoading) return <PageLoading />;
  if (instance.isError || !instance.data) return <PageError onRetry={() => void instance.refetch()} />;
  const versions = instance.data.datasetVersions;
  return (
    <WizardFrame step={0} instanceName={instance.data.name || instanceName}>
      {instance.data.trainer === 'builtin' && (
        <Alert
          type="info"
          showIcon
          message={t('simulated')}
          style={{ marginBottom: 16 }}
          data-testid="simulated-notice"
        />
      )}
      <p>{t('pick.hint')}</p>
      <Table<DatasetVersionBrief>
        rowKey="id"
        size="small"
        data-testid="dataset-versions"
        dataSource={versions}
        pagination={false}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: picked === null ? [] : [picked],
          onChange: (keys) => setPicked(Number(keys[0])),
        }}
        onRow={(row) => ({ onClick: () => setPicked(row.id) })}
        locale={{
          emptyText: (
            <span>
              {t('pick.empty')} <Link to={DATASETS_PATH}>{t('pick.toDatasets')}</Link>
            </span>
          ),
        }}
        columns={[
          { title: t('pick.dataset'), dataIndex: 'datasetName' },
          { title: t('pick.version'), dataIndex: 'number', render: (n: number) => `v${n}` },
          { title: t('pick.images'), dataIndex: 'itemCount' },
          { title: t('pick.negatives'), dataIndex: 'negatives' },
          { title: t('pick.frozenAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
        ]}
      />
      <Flex gap={8} justify="end" style={{ marginTop: 16 }}>
        <Button onClick={() => navigate(LIBRARY_PATH)}>{t('action.cancel')}</Button>
        <Button
          type="primary"
          disabled={picked === null}
          data-testid="step1-next"
          onClick={() => picked !== null && navigate(step2Path(instanceId, instanceName, picked))}
        >
          {t('action.next')}
        </Button>
      </Flex>
    </WizardFrame>
  );
}
