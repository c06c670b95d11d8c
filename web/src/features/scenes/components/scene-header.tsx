import type { SceneItem } from '@sentinel/contract';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { jobState } from '../lib/kind.ts';

/** Name, kind, area path, job type, status (and the temporary job) of a scene. */
export function SceneHeader({ scene }: { scene: SceneItem }) {
  const { t } = useTranslation('scenes');
  const job = scene.temporaryJob;
  const items = [
    {
      key: 'kind',
      label: t('field.enabled'),
      children: (
        <>
          <Tag color="blue">{t(`kind.${scene.kind}`)}</Tag>
          <Tag color={scene.enabled ? 'green' : 'default'}>
            {scene.enabled ? t('status.enabled') : t('status.disabled')}
          </Tag>
        </>
      ),
    },
    { key: 'area', label: t('areaPath'), children: scene.areaPath.join(' / ') },
    ...(scene.jobTypeName
      ? [{ key: 'jobType', label: t('field.jobType'), children: scene.jobTypeName }]
      : []),
    { key: 'cameras', label: t('field.cameras'), children: t('cameraCount', { count: scene.cameraCount }) },
    ...(job
      ? [
          { key: 'number', label: t('field.jobNumber'), children: job.number },
          { key: 'jobName', label: t('field.jobName'), children: job.name },
          { key: 'operator', label: t('field.operator'), children: job.operator || '—' },
          { key: 'teamLeader', label: t('field.teamLeader'), children: job.teamLeader || '—' },
          { key: 'guardian', label: t('field.guardian'), children: job.guardian || '—' },
          { key: 'address', label: t('field.address'), children: job.address || '—' },
          {
            key: 'time',
            label: t('field.timeRange'),
            children: (
              <>
                {formatTime(job.startTime)} ~ {formatTime(job.endTime)}{' '}
                <Tag>{t(`jobState.${jobState(job)}`)}</Tag>
              </>
            ),
          },
        ]
      : []),
    ...(scene.description
      ? [{ key: 'description', label: t('field.description'), children: scene.description }]
      : []),
  ];
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} data-testid="scene-header" />
  );
}
