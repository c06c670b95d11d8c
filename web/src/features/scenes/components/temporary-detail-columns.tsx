import type { SceneItem } from '@sentinel/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatTime } from '@/shared/utils/time.ts';
import { jobState } from '../lib/kind.ts';

const JOB_STATE_COLOR = { notStarted: 'default', running: 'processing', ended: 'warning' } as const;

const text = (value: string | undefined) => value || '—';

/** Read-only columns of the temporary job details list. */
export function temporaryDetailColumns(t: TFunction, now: number): ColumnsType<SceneItem> {
  return [
    { title: t('field.jobNumber'), key: 'number', render: (_, s) => s.temporaryJob?.number },
    { title: t('field.jobName'), key: 'jobName', render: (_, s) => s.temporaryJob?.name ?? s.name },
    { title: t('field.jobType'), dataIndex: 'jobTypeName', render: (v: string | null) => v ?? '—' },
    { title: t('field.area'), key: 'area', render: (_, s) => s.areaPath.join(' / ') },
    { title: t('field.operator'), key: 'operator', render: (_, s) => text(s.temporaryJob?.operator) },
    { title: t('field.teamLeader'), key: 'teamLeader', render: (_, s) => text(s.temporaryJob?.teamLeader) },
    { title: t('field.guardian'), key: 'guardian', render: (_, s) => text(s.temporaryJob?.guardian) },
    { title: t('field.address'), key: 'address', render: (_, s) => text(s.temporaryJob?.address) },
    {
      title: t('detail.start'),
      key: 'start',
      render: (_, s) => formatTime(s.temporaryJob?.startTime),
    },
    { title: t('detail.end'), key: 'end', render: (_, s) => formatTime(s.temporaryJob?.endTime) },
    {
      title: t('detail.state'),
      key: 'state',
      render: (_, s) => {
        if (!s.temporaryJob) return null;
        const state = jobState(s.temporaryJob, now);
        return <Tag color={JOB_STATE_COLOR[state]}>{t(`jobState.${state}`)}</Tag>;
      },
    },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'green' : 'default'}>
          {enabled ? t('status.enabled') : t('status.disabled')}
        </Tag>
      ),
    },
    {
      title: t('field.cameras'),
      dataIndex: 'cameraCount',
      align: 'center',
      render: (n: number, s) => <span data-testid={`job-camera-count-${s.id}`}>{n}</span>,
    },
  ];
}
