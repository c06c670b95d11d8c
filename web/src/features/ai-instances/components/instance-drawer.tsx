import { ExperimentOutlined, RollbackOutlined } from '@ant-design/icons';
import type { AiVersion } from '@sentinel/contract';
import { Button, Descriptions, Divider, Drawer, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { step1Path, TrainingJobsTable } from '@/features/training/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useInstance, useRollback } from '../api/instances.ts';
import { percent } from '../lib/format.ts';
import { DeploymentHistory } from './deployment-history.tsx';
import { PublishDialog } from './publish-dialog.tsx';
import { VersionTable } from './version-table.tsx';

/** One instance: the live version, roll back, its versions (publish), history and cameras. */
export function InstanceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('aiInstances');
  const detail = useInstance(id);
  const rollback = useRollback(id ?? 0);
  const [publishing, setPublishing] = useState<AiVersion | null>(null);
  const navigate = useNavigate();
  const data = detail.data;
  const live = data?.versions.find((v) => v.live) ?? null;
  const target = data?.versions.find((v) => v.id === data.rollbackVersionId) ?? null;

  const askRollback = () => {
    if (!target || !live) return;
    confirmDialog({
      title: t('rollback.title'),
      content: t('rollback.content', { from: live.number, to: target.number }),
      okText: t('rollback.ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'rollback-ok' } as Record<string, string>) },
      onOk: async () => {
        try {
          await rollback.mutateAsync();
        } catch {
          // The request layer has shown the server's message.
        }
      },
    });
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      title={data ? data.instance.name : t('open')}
      data-testid="instance-drawer"
      extra={
        <Space>
          {data ? (
            <Button
              icon={<ExperimentOutlined />}
              onClick={() => navigate(step1Path(data.instance.id, data.instance.name))}
              data-testid="instance-retrain"
            >
              {t('retrain')}
            </Button>
          ) : null}
          {target && live ? (
            <Button
              icon={<RollbackOutlined />}
              onClick={askRollback}
              loading={rollback.isPending}
              data-testid="instance-rollback"
            >
              {t('rollback.button', { number: target.number })}
            </Button>
          ) : null}
        </Space>
      }
    >
      {detail.isPending && id !== null ? (
        <PageLoading />
      ) : detail.isError && !data ? (
        <PageError message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : data ? (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="instance-summary">
            <Descriptions.Item label={t('column.code')}>{data.instance.code}</Descriptions.Item>
            <Descriptions.Item label={t('column.model')}>{data.instance.model || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('column.live')}>
              {live ? (
                <Tag color="green" data-testid="instance-live-version">
                  {t('versionLabel', { number: live.number })}
                </Tag>
              ) : (
                t('noLive')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.lastChange')}>
              {formatTime(data.instance.lastChangeAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.alarms')}>{data.instance.alarms}</Descriptions.Item>
            <Descriptions.Item label={t('column.fpRate')}>
              {percent(data.instance.falsePositiveRate)}
            </Descriptions.Item>
          </Descriptions>
          <Divider titlePlacement="start">{t('section.versions')}</Divider>
          <VersionTable versions={data.versions} onPublish={setPublishing} />
          <Divider titlePlacement="start">{t('section.training')}</Divider>
          <TrainingJobsTable algorithmId={data.instance.id} instanceName={data.instance.name} />
          <Divider titlePlacement="start">{t('section.history')}</Divider>
          <DeploymentHistory deployments={data.deployments} />
          <Divider titlePlacement="start">{t('section.cameras')}</Divider>
          <List
            size="small"
            data-testid="instance-cameras"
            locale={{ emptyText: t('noCameras') }}
            dataSource={data.cameras}
            renderItem={(c) => (
              <List.Item key={c.sceneCameraAlgorithmId}>
                <Typography.Text>
                  {c.sceneName} · {c.cameraName}
                </Typography.Text>
                <Tag color={c.running ? 'green' : 'default'}>{c.running ? t('running') : t('stopped')}</Tag>
              </List.Item>
            )}
          />
          {publishing ? (
            <PublishDialog
              instanceId={data.instance.id}
              candidate={publishing}
              live={live}
              onClose={() => setPublishing(null)}
            />
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
