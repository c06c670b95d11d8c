import { SCENE_PAGE, type SceneItem, type SceneKind } from '@sentinel/contract';
import { Button, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatTime } from '@/shared/utils/time.ts';
import { jobState } from '../lib/kind.ts';

export interface ColumnActions {
  canEdit: boolean;
  canDelete: boolean;
  canEnable: boolean;
  confirmText: string;
  onEdit: (scene: SceneItem) => void;
  onDelete: (scene: SceneItem) => void;
  onToggle: (scene: SceneItem, enabled: boolean) => void;
  toggling: number | null;
}

const JOB_STATE_COLOR = { notStarted: 'default', running: 'processing', ended: 'warning' } as const;

/** Table columns of a scene list, per kind. */
export function sceneColumns(kind: SceneKind, t: TFunction, actions: ColumnActions): ColumnsType<SceneItem> {
  const columns: ColumnsType<SceneItem> = [];
  if (kind === 'temporary') {
    columns.push(
      { title: t('field.jobNumber'), key: 'number', width: 150, render: (_, s) => s.temporaryJob?.number },
      { title: t('field.jobName'), key: 'jobName', render: (_, s) => s.temporaryJob?.name },
    );
  }
  columns.push(
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, s) =>
        s.enabled ? (
          <Link to={SCENE_PAGE[s.kind].path(s.id)}>{name}</Link>
        ) : (
          <Typography.Text>{name}</Typography.Text>
        ),
    },
    { title: t('field.area'), key: 'area', render: (_, s) => s.areaPath.join(' / ') },
  );
  if (kind !== 'general') columns.push({ title: t('field.jobType'), dataIndex: 'jobTypeName', width: 130 });
  if (kind === 'job') {
    columns.push({
      title: t('field.workflow'),
      key: 'workflow',
      render: (_, s) => s.fixedOperation?.workflowName ?? '—',
    });
  }
  if (kind === 'temporary') {
    columns.push(
      {
        title: t('field.operator'),
        key: 'people',
        render: (_, s) =>
          [s.temporaryJob?.operator, s.temporaryJob?.teamLeader, s.temporaryJob?.guardian]
            .filter(Boolean)
            .join(' / '),
      },
      {
        title: t('field.timeRange'),
        key: 'time',
        width: 190,
        render: (_, s) =>
          s.temporaryJob ? (
            <Space orientation="vertical" size={0}>
              <span>{formatTime(s.temporaryJob.startTime)}</span>
              <span>{formatTime(s.temporaryJob.endTime)}</span>
              <Tag color={JOB_STATE_COLOR[jobState(s.temporaryJob)]}>
                {t(`jobState.${jobState(s.temporaryJob)}`)}
              </Tag>
            </Space>
          ) : null,
      },
    );
  }
  columns.push(
    { title: t('field.cameras'), dataIndex: 'cameraCount', width: 90, align: 'center' },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: boolean, s) => (
        <Switch
          checked={enabled}
          disabled={!actions.canEnable}
          loading={actions.toggling === s.id}
          aria-label={`${s.name} ${enabled ? t('status.enabled') : t('status.disabled')}`}
          checkedChildren={t('status.enabled')}
          unCheckedChildren={t('status.disabled')}
          onChange={(next) => actions.onToggle(s, next)}
          data-testid={`scene-switch-${s.id}`}
        />
      ),
    },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', width: 170, render: (v: string) => formatTime(v) },
    {
      title: t('actions', { ns: 'common' }),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, s) => (
        <Space size={0} wrap>
          {kind === 'job' && s.fixedOperation ? (
            <Link to={`/sceneManagement/fixedOperationScene/${s.fixedOperation.id}`}>
              <Button type="link" size="small">
                {t('action.view')}
              </Button>
            </Link>
          ) : null}
          {actions.canEdit ? (
            <Button type="link" size="small" onClick={() => actions.onEdit(s)}>
              {t('action.edit')}
            </Button>
          ) : null}
          {actions.canDelete ? (
            <Popconfirm title={actions.confirmText} onConfirm={() => actions.onDelete(s)}>
              <Button type="link" size="small" danger>
                {t('action.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  );
  return columns;
}
